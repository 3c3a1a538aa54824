import type { Evidence } from "../../src/retrieval/context-bundle.js";
import type { Draft } from "../schemas.js";
import { contentTerms, splitSentences } from "../text.js";
import { bestSentence } from "./best-sentence.js";
import { MAX_QUESTION_CHARS, optionPassage } from "./choice-options.js";
import { citesOf, datedPassage, ROLE, titled } from "./compose-choice.js";
import { readPersonFact } from "./read-person-fact.js";

/**
 * Yes/no questions about two named things, answered from each one's own passage: whether they
 * share a place ("Are A and B in the same country?") or both are something ("Are A and B both
 * drinks?"). Pure.
 */

/** "Are A and B (both) in the same country?", "Do both films A and B have directors from the same country?" */
export interface SameQuestion {
  options: [string, string];
  role: string | null;
  /** "born in the same place": birthplaces are compared, not nationalities. */
  born?: boolean;
}

export function parseSame(asked: string): SameQuestion | null {
  // The patterns are polynomial in the length: questions are short.
  if (asked.length > MAX_QUESTION_CHARS) return null;
  // "Is A in the same state as B?" asks what "Are A and B in the same state?" does.
  const question = asked.replace(
    /^(is|was|are|were)\s+(.+?)\s+((?:located |based )?(?:in|from)\s+the\s+same\s+[\p{Ll}]+)\s+as\s+(.+?)\s*\?\s*$/iu,
    "$1 $2 and $4 $3?",
  );
  if (
    !/\bsame (?:country|nationality|city|state|place|continent)\b|\bboth\b.*\b(?:from|of) the same\b/i.test(
      question,
    )
  )
    return null;
  const m =
    question.match(
      /^(?:are|were|is|was|do|does|did)\s+(?:both\s+)?(?:(?:the\s+)?(?:films?|movies?|songs?|albums?|bands?|people|persons?|players?),?\s+)?(.+?)\s+and\s+(.+?),?\s+(?:both\s+)?(?:located|from|of|in|have|had|born|citizens|situated|based|originated?|share[sd]?|made|produced|filmed|released|published|founded|established|formed|headquartered)\b/i,
    ) ?? null;
  if (!m?.[1] || !m[2]) return null;
  const head = question.slice(0, question.indexOf(m[1]));
  const role = (question.match(ROLE)?.[1] ?? head.match(ROLE)?.[1])?.toLowerCase() ?? null;
  const born = /\bborn\b/i.test(question) && /\bsame (?:place|city|town)\b/i.test(question);
  return { options: [clean(m[1]), dropCategory(clean(m[2]))], role, ...(born ? { born } : {}) };
}

// "directors of films A": the film is the option, its director the role.
export const clean = (s: string): string =>
  s
    .replace(/["“”]/g, "")
    .replace(new RegExp(`^(?:the\\s+)?${ROLE.source}\\s+of\\s+`, "i"), "")
    .replace(/^(?:films?|songs?|albums?|movies?|people|persons?|the)\s+/i, "")
    .trim();

// "Are Ann Lee and Bo Chen singers of the same nationality?": in a "same" question a plural common
// noun after the second name is the category, not the name.
const dropCategory = (s: string): string => s.replace(/(\p{Lu}[\p{L}'’.-]*)\s+\p{Ll}+s$/u, "$1");

/** Where a passage places its subject: a nationality word, else the last capitalised name of its first sentence. */
export function placeOf(text: string): string | null {
  const first = splitSentences(text)[0] ?? text;
  // "was an American film", "is a 1990 Argentine-American drama film": a compound keeps its parts.
  const demonym = first.match(
    /\b(?:is|was|are|were)\s+(?:an?|the)\s+(?:[\p{Ll}\d-]+\s+)*?((?:[\p{Lu}][\p{L}]+(?:an|ian|ese|ish|ch|i|ic|ine)-)*[\p{Lu}][\p{L}]+(?:an|ian|ese|ish|ch|i|ic|ine))\b/u,
  )?.[1];
  if (demonym) return demonym;
  // "is a New Zealand illustrator": a country's name used as the nationality word.
  const country = first.match(
    /\b(?:is|was|are|were)\s+(?:an?|the)\s+(?:[\p{Ll}\d-]+\s+)*?((?:[\p{Lu}][\p{L}]+\s+)+[\p{Lu}][\p{L}]+)\s+[\p{Ll}]/u,
  )?.[1];
  if (country) return country;
  // "…, an island in St. Petersburg, Russia, bordered by …": the widest place is named last in its list.
  const names = [
    ...first
      .replace(/\([^)]*\)/g, " ")
      .matchAll(/[\p{Lu}][\p{L}'’-]+(?:\s+(?:of\s+)?[\p{Lu}][\p{L}'’-]+)*(?=\s*(?:[,.;]|$))/gu),
  ].map((m) => m[0]);
  return names.at(-1) ?? null;
}

/** Yes when both options' passages place their subjects in the same place, else no; null when unread. */
export function composeSame(
  q: SameQuestion,
  evidence: readonly Evidence[],
  people: ReadonlyMap<string, string> = new Map(),
): Draft | null {
  const read = q.options.map((option) => {
    const e = datedPassage(evidence, option, q.role, people.get(option));
    const name = e?.heading_path.at(-1) ?? option;
    const place = e
      ? q.born
        ? (readPersonFact(`Where was ${name} born?`, [e])?.answer ?? null)
        : placeOf(e.text)
      : null;
    // The subject's own name is not where it is.
    return e && place && !option.toLowerCase().includes(place.toLowerCase()) ? { option, e, place } : null;
  });
  const [a, b] = read;
  if (!a || !b) return null;
  // Compounds share a place when they share a part: "Argentine-American" and "American".
  const parts = (p: string) => new Set(p.toLowerCase().split("-"));
  const pa = parts(a.place);
  const same = [...parts(b.place)].some((x) => pa.has(x));
  const whose = q.role ? `the ${q.role} of ` : "";
  return {
    sentences: [
      {
        text: `${same ? "Yes" : "No"}: ${whose}${a.option}: ${a.place}; ${whose}${b.option}: ${b.place}.`,
        cites: citesOf(evidence, [a, b], q.role),
      },
    ],
    not_found: false,
    short_answer: same ? "yes" : "no",
  };
}

/** "Are A and B both types of drinks?": the two options and what both are said to be. */
export interface BothQuestion {
  options: [string, string];
  /** The predicate's content words ("type", "drink"). */
  predicate: string[];
  /** Of those, the ones written capitalised ("Colorese", "NFL"): each must be held. */
  proper: string[];
  /** "both" unsaid ("Are A and B hardware companies?"): every predicate word must be held. */
  all?: boolean;
}

const DENIED = /\b(?:not|never|no longer)\b|n['’]t\b/i;

export function parseBoth(question: string): BothQuestion | null {
  // Both patterns are polynomial in the length without a closing "?": questions are short.
  if (question.length > MAX_QUESTION_CHARS || !/\?\s*$/.test(question)) return null;
  // Quoted titles ('Are both "Oak" and "Elm" magazines?') are names like any other.
  const q = question.replace(/["“”]/g, "").replace(/\s+\?\s*$/, "?");
  const m =
    q.match(
      /^(?:are|were|is|was|do|does|did|have|has|had)\s+(?:the\s+)?(.+?)\s+and\s+(?:the\s+)?(.+?),?\s+both\s+(.+?)\s*\?$/i,
    ) ??
    // "Is A, like B, a magazine?"
    q.match(
      /^(?:is|was|are|were|does|did)\s+(?:the\s+)?([^,]+?),\s+like\s+(?:the\s+)?([^,]+?),\s+(.+?)\s*\?$/i,
    ) ??
    // "Are both A and B magazines?", "Were A and B American?": B is the run of capitalised words,
    // the predicate what follows; "both" may go unsaid.
    q.match(
      /^(?:[Aa]re|[Ww]ere|[Ii]s|[Ww]as|[Hh]ave|[Hh]as|[Hh]ad|[Dd]o|[Dd]id)\s+(?:both\s+)?(?:the\s+)?(.+?)\s+and\s+(?:the\s+)?((?:[\p{Lu}\d][\p{L}\d.'’&-]*\s+(?:(?:of|the|de|and|for)\s+)?)*?[\p{Lu}\d][\p{L}\d.'’&-]*)\s+(\p{Ll}.*?)\s*\?$/u,
    );
  // "… share a profession?" asks whether one thing is the same for both, not whether both are it.
  if (!m?.[1] || !m[2] || !m[3] || /\bsame\b|^share/i.test(m[3])) return null;
  const predicate = contentTerms(m[3]).filter((t) => !/^(?:type|kind|form|sort)$/.test(t));
  const proper = contentTerms((m[3].match(/\b\p{Lu}[\p{L}\d'’-]*/gu) ?? []).join(" "));
  if (predicate.length === 0) return null;
  const all = !/\b(?:both|like)\b/i.test(q);
  return { options: [clean(m[1]), clean(m[2])], predicate, proper, ...(all ? { all } : {}) };
}

/** Yes when each option's own passage states the predicate's words, else no; null when unread. */
export function composeBoth(q: BothQuestion, evidence: readonly Evidence[]): Draft | null {
  const read = q.options.map((option) => {
    const e = titled(evidence, option) ?? optionPassage(evidence, option)?.e;
    if (!e) return null;
    // Quoted: the sentence that says most of the predicate, else the opening (what it is instead).
    const said = bestSentence(e.text, q.predicate)?.text ?? e.text;
    // Half the predicate's words (all when "both" is unsaid), and every proper word: "Colorese
    // poets" are not "Elmish poets". A sentence that denies it ("is not deprecated") does not hold it.
    const words = new Set(contentTerms(e.text));
    const held = q.predicate.filter((t) => words.has(t)).length / q.predicate.length;
    const holds = held >= (q.all ? 1 : 0.5) && q.proper.every((t) => words.has(t)) && !DENIED.test(said);
    return { option, e, holds, said: said.trim() };
  });
  const [a, b] = read;
  if (!a || !b) return null;
  const yes = a.holds && b.holds;
  return {
    sentences: [
      { text: `${yes ? "Yes" : "No"}: ${a.said}`, cites: [a.e.sid] },
      { text: b.said, cites: [b.e.sid] },
    ],
    not_found: false,
    short_answer: yes ? "yes" : "no",
  };
}
