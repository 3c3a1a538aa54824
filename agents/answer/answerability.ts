import { citationAddress, type Evidence } from "../../src/retrieval/context-bundle.js";
import { countryOfNationality } from "../retrieve/demonyms.js";
import { escapeRegExp } from "../text.js";
import { narrowerPlace, unmetScope } from "./answer-scope.js";
import type { ReaderOptions } from "./compose-answer.js";
import { namesDocument } from "./document-name.js";
import { nearlyIn, says, wordsIn } from "./phrase-match.js";
import { saysQuarter } from "./quarter-name.js";
import type { QuestionCues } from "./question-cues.js";
import type { ScoredCandidate } from "./score-candidates.js";
import { namedSubjects } from "./subject-links.js";

/** How much lower the score floor sits for a question of 20 content words or more. */
const LONG_QUESTION_EASE = 0.1;
/** How much lower it sits for a chained question (options.chained): its words spread over its hops' passages. */
const CHAIN_EASE = 0.1;

/**
 * Why the best candidate cannot be the answer, or null when it can. Every name the question states
 * must appear in the evidence; a name most passages share is the documents' topic ("the company"),
 * but a rarer one must be in the answer's own passage, and so must most of the numbers it states.
 */
export function answerability(
  best: ScoredCandidate,
  cues: QuestionCues,
  evidence: readonly Evidence[],
  options: ReaderOptions,
): string | null {
  // A long question spreads its words over several sentences: one sentence scores lower on it.
  const floor =
    options.minScore -
    LONG_QUESTION_EASE * Math.min(1, Math.max(0, (cues.terms.length - 10) / 10)) -
    (options.chained ? CHAIN_EASE : 0);
  if (best.score < floor)
    return `no passage answers the question well (the best candidate scores ${best.score.toFixed(2)}, under ${floor.toFixed(2)})`;
  if (best.support < options.minSupport)
    return `the best candidate's sentence holds ${pct(best.support)} of the question's terms (under ${pct(options.minSupport)})`;
  // "Q4" is said where a passage writes out the quarter; a long name with one slip is still named;
  // a nationality word is said by its country's name ("Australian" by "South Australia").
  const country = (n: string) =>
    countryOfNationality(n.replace(/^\p{Ll}/u, (c) => c.toUpperCase()))?.toLowerCase();
  const has = (t: string, n: string) =>
    says(t, n) || wordsIn(t, n) || saysQuarter(t, n) || nearlyIn(t, n) || says(t, country(n) ?? "\u0000");
  // The source's address counts: a file named after the company names it.
  const texts = evidence.map((e) =>
    `${citationAddress(e.citation)} ${e.title} ${e.heading_path.join(" ")} ${e.text}`.toLowerCase(),
  );
  const named = (n: string) => texts.filter((t) => has(t, n)).length;
  const absent = cues.names.filter((n) => named(n) === 0);
  if (absent.length > 0) return `the evidence never names ${absent.join(", ")}`;
  const scope = unmetScope(cues.lower, texts);
  if (scope) return `the evidence never speaks of the ${scope} the question is about`;
  const place = narrowerPlace(best, cues);
  if (place) return `the answer counts only in ${place}, which the question does not ask about`;
  const at = evidence.findIndex((e) => e.sid === best.sid);
  const own = texts[at] ?? "";
  const home = evidence[at];
  // Where a name counts as said for the answer: its passage, its section, or most of its document.
  const sameSection = texts.filter((_, i) => evidence[i]?.section_id === home?.section_id);
  const sameDoc = texts.filter((_, i) => evidence[i]?.doc_id === home?.doc_id);
  // A bridge: another passage names both the question's thing and the answer passage's subject
  // ("the film X" → its director's passage): the multi-hop question reached the answer through it.
  const subject = home?.heading_path.at(-1)?.toLowerCase() ?? "";
  // The subject's short form its passage gives it ("The Harbor Rowing Federation (HRF) is …").
  const alias = home ? shortForm(home.text, subject) : null;
  // The short form is matched with its capitals: "(WHO)" must not bridge through the pronoun "who".
  const saysAlias = (i: number) => alias?.test(evidence[i]?.text ?? "") === true;
  // Or the other way: the answer's passage names another passage's subject ("the Government in
  // Ostrava"), and that passage names the question's thing ("… capital of the Ostrava-Kelm region").
  let subjects: number[] | undefined;
  const namedPassages = () => {
    subjects ??= home ? namedSubjects(home.text, home.section_id, evidence) : [];
    return subjects;
  };
  const bridged = (n: string) =>
    (subject.length > 2 &&
      texts.some((t, i) => i !== at && has(t, n) && (has(t, subject) || saysAlias(i)))) ||
    namedPassages().some((i) => has(texts[i] ?? "", n));
  const missing = cues.names.filter(
    (n) =>
      !sameSection.some((t) => has(t, n)) &&
      sameDoc.filter((t) => has(t, n)).length <
        (namesDocument(n, evidence, home?.doc_id) ? 1 : sameDoc.length / 2) &&
      !bridged(n),
  );
  // A chained question's names are where the chain starts ("the state where Elm is"), not where it
  // ends: the evidence must name them (above), the answer's passage need not.
  if (missing.length > 0 && !options.chained) return `the answer's passage never names ${missing.join(", ")}`;
  // A sentence of another document naming the answer passage's subject states them as well (a bridge).
  // A chained question's numbers, like its names, may be stated on the way ("the war that had over
  // 60 million casualties" in the war's passage, the answer in the memorial's).
  const stating = options.chained ? texts.join(" ") : `${own} ${best.link ?? ""}`;
  const nums = new Set((stating.match(/\d+(?:[.,]\d+)*/g) ?? []).map((n) => n.replace(/,/g, "")));
  // Small whole numbers ("0% notes", "two") are wording, not facts to find.
  const unstated = cues.numbers.filter((n) => !nums.has(n) && (Number(n) >= 10 || n.includes(".")));
  if (unstated.length > cues.numbers.length / 2)
    return `the answer's passage never states ${unstated.join(", ")}`;
  return null;
}

/**
 * The passage a bridge the answer's passage names stands on: the first passage of another section
 * about a subject the answer's passage names, which names a question name that passage does not
 * (see answerability). The answer cites it too: it says what the question describes the answer by.
 */
export function namedBridge(
  best: ScoredCandidate,
  cues: QuestionCues,
  evidence: readonly Evidence[],
): string | undefined {
  const home = evidence.find((e) => e.sid === best.sid);
  if (!home) return undefined;
  // Only a name the answer's own section never says needs the bridge.
  const section = evidence
    .filter((e) => e.section_id === home.section_id)
    .map((e) => `${e.heading_path.join(" ")} ${e.text}`.toLowerCase());
  const unsaid = cues.names.filter((n) => !section.some((t) => says(t, n)));
  if (unsaid.length === 0) return undefined;
  const i = namedSubjects(home.text, home.section_id, evidence).find((j) =>
    unsaid.some((n) => says(evidence[j]?.text.toLowerCase() ?? "", n)),
  );
  return i === undefined ? undefined : evidence[i]?.sid;
}

/** "The Harbor Rowing Federation (HRF) is …" → /HRF/ as a whole word: the short form right after the subject's name. */
function shortForm(text: string, subject: string): RegExp | null {
  // Found case-insensitively in the original text, so the index is the original's.
  const found = subject.length > 2 ? new RegExp(escapeRegExp(subject), "iu").exec(text.slice(0, 300)) : null;
  if (!found) return null;
  const m = /^\s*\(\s*(\p{Lu}[\p{Lu}\d&.-]{1,9})\s*\)/u.exec(text.slice(found.index + found[0].length));
  return m?.[1] ? new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(m[1])}(?![\\p{L}\\p{N}])`, "u") : null;
}

const pct = (x: number): string => `${Math.round(x * 100)}%`;
