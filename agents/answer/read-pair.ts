import type { Evidence } from "../../src/retrieval/context-bundle.js";
import type { Draft } from "../schemas.js";
import { choiceOptions, choiceQuestion, MAX_QUESTION_CHARS } from "./choice-options.js";
import { composeAmountChoice, parseAmountChoice } from "./compose-amount-choice.js";
import { composeBoth, parseBoth } from "./compose-both.js";
import { composeChoice, parseChoice } from "./compose-choice.js";
import { composeCommon, parseCommon } from "./compose-common.js";
import { composeMeasure, parseMeasure } from "./compose-measure.js";
import { resolvedOptions } from "./compose-option-choice.js";
import { composeSameKind } from "./compose-same-kind.js";
import { composeSameName, parseSameName } from "./compose-same-name.js";
import { composeSameTime, parseSameTime } from "./compose-same-time.js";
import { composeShared } from "./compose-shared.js";
import { composeThan, parseThan } from "./compose-than.js";
import { composeTraitChoice } from "./compose-trait-choice.js";
import { composeSame, parseSame } from "./compose-yes-no.js";
import { readable } from "./reader-evidence.js";

/**
 * A choice between two named things (by a date, an amount or a trait), what two have in common,
 * or whether two share a trait, a place or a time: each one's own
 * passage is read, and the composer answers only when both passages state what is compared.
 */
export function readPair(
  question: string,
  evidence: readonly Evidence[],
): { draft: Draft; reason: string } | null {
  return pairOf(question, evidence.map(readable));
}

/** readPair over evidence already made readable (readAnswer has done so). */
export function pairOf(
  asked: string,
  evidence: readonly Evidence[],
): { draft: Draft; reason: string } | null {
  // The pair patterns end at a question mark, which people leave out ("Who is older, A or B"),
  // and read single spaces (long runs of spaces make them slow).
  const one = sidesJoined(distributed(asked.replace(/\s+/g, " ").trim()));
  const question = choiceForm(/\?$/.test(one) ? one : one.replace(/[\s.!]*$/, "?"), evidence);
  const choice = parseChoice(question);
  const chosen = choice ? composeChoice(choice, evidence) : null;
  if (chosen) return { draft: chosen, reason: `choice: ${chosen.short_answer}` };
  const measure = choice ? null : parseMeasure(question);
  const measured = measure ? composeMeasure(measure, evidence) : null;
  if (measured) return { draft: measured, reason: `measure: ${measured.short_answer}` };
  // An amount stated near the words of what is measured ("more residents": "the population was …").
  const amount = choice ? null : parseAmountChoice(question);
  const counted = amount ? composeAmountChoice(amount, evidence) : null;
  if (counted) return { draft: counted, reason: `amount: ${counted.short_answer}` };
  const trait = choice || measure || amount ? null : composeTraitChoice(question, evidence);
  if (trait) return { draft: trait, reason: `trait: ${trait.short_answer}` };
  const time = parseSameTime(question);
  const timed = time ? composeSameTime(time, evidence) : null;
  if (timed) return { draft: timed, reason: `when: ${timed.short_answer}` };
  const both = time ? null : parseBoth(question);
  const judgedBoth = both ? composeBoth(both, evidence) : null;
  if (judgedBoth) return { draft: judgedBoth, reason: `both: ${judgedBoth.short_answer}` };
  const common = parseCommon(question);
  const shared = common ? composeCommon(common, evidence) : null;
  if (shared) return { draft: shared, reason: `in common: ${shared.short_answer}` };
  // "What nationality are both A and B?", "Which company made both A and B?": a phrase both hold.
  const held = composeShared(question, evidence);
  if (held) return { draft: held, reason: `shared: ${held.short_answer}` };
  // "Are A and B the same kind of firm?": the kinds their passages give.
  const kind = composeSameKind(question, evidence);
  if (kind) return { draft: kind, reason: `same kind: ${kind.short_answer}` };
  const same = parseSame(question);
  const judged = same ? composeSame(same, evidence) : null;
  if (judged) return { draft: judged, reason: `same place: ${judged.short_answer}` };
  // "… formed by the same company?": the names each option's passage gives for it.
  const sameNamed = time ? null : parseSameName(question);
  const named = sameNamed ? composeSameName(sameNamed, evidence) : null;
  if (named) return { draft: named, reason: `same name: ${named.short_answer}` };
  // "Is A older than B?": the choice "Which is older, A or B?", yes when A wins.
  const than = parseThan(question);
  const compared = than
    ? composeThan(than, evidence, (asked) => pairOf(asked, evidence)?.draft ?? null)
    : null;
  return compared ? { draft: compared, reason: `than: ${compared.short_answer}` } : null;
}

/**
 * The question in the form the composers read: options last after a comma ("Which was born
 * first, A or B?"), whether it put them first or, with no comma, where their passages show them.
 */
function choiceForm(asked: string, evidence: readonly Evidence[]): string {
  const question = choiceQuestion(asked);
  if (choiceOptions(question)) return question;
  const found = resolvedOptions(question, evidence);
  if (!found) return question;
  const [a, b] = found;
  const at = question.lastIndexOf(` or ${b.name}`);
  const start = at < 0 ? -1 : question.lastIndexOf(a.name, at);
  return start > 0 ? `${question.slice(0, start).trimEnd()}, ${a.name} or ${b.name}?` : question;
}

/**
 * "the 2011 and 2012 Oak Rams" names two things: "the 2011 Oak Rams and the 2012 Oak Rams"; so do
 * "the 413th and the 339th Oak Squadrons" ("the 413th Oak Squadron and the 339th Oak Squadron") and
 * "the 2011 and 2012 Oak Rams football teams". Years, seasons ("2011–12") and ordinals only: "the
 * Oak and Elm Rams" may be one name. A plural the two share is said of each in the singular.
 */
const COUNTED = String.raw`(?:\d{4}(?:[–-]\d{2,4})?|\d{1,3}(?:st|nd|rd|th))`;
export function distributed(question: string): string {
  return question.replace(
    new RegExp(
      String.raw`\b(the\s+)?(${COUNTED})\s+and\s+(?:the\s+)?(${COUNTED})\s+((?:\p{Lu}[\p{L}'’.&-]*\s+)*\p{Lu}[\p{L}'’.&-]*)((?:\s+\p{Ll}+){0,2}?\s+\p{Ll}+s\b)?`,
      "u",
    ),
    (_all, the: string | undefined, a: string, b: string, name: string, plural: string | undefined) => {
      // "Oak Squadrons" / "Oak Rams football teams": one squadron, one team each.
      const one = plural ? `${name}${plural.replace(/s$/, "")}` : name.replace(/(?<=\p{Ll}{3})(?<!s)s$/u, "");
      const each = plural || /^\d{1,3}(?:st|nd|rd|th)$/.test(a) ? one : name;
      return `${the ?? ""}${a} ${each} and ${the ?? ""}${b} ${each}`;
    },
  );
}

/**
 * A yes/no question that sets one thing beside the other in the words the pair readers read:
 * "Did A have the same coach as B?" is "Did A and B have the same coach?"; "Did A and B each win
 * …?" is "Did A and B both win …?". Other questions come back as they are.
 */
export function sidesJoined(question: string): string {
  if (question.length > MAX_QUESTION_CHARS) return question;
  // Case-sensitive: one verb (and its preposition) before "the same", names before it.
  const as = question.match(
    /^([Dd]id|[Dd]oes|[Dd]o|[Hh]as|[Hh]ave|[Hh]ad)\s+(.+?)\s+(\p{Ll}+\s+(?:(?:in|for|with|under|at|on|by)\s+)?the\s+same\s+(?:\p{Ll}[\p{L}-]*\s+){0,2}?\p{Ll}[\p{L}-]*)\s+as\s+(.+?)\s*\?$/u,
  );
  if (as?.[1] && as[2] && as[3] && as[4]) return `${as[1]} ${as[2]} and ${as[4]} ${as[3]}?`;
  return /^(?:are|were|is|was|do|does|did|have|has|had)\s/i.test(question)
    ? question.replace(/^([^,?]+?\s+and\s+[^,?]+?)\s+each\s+(?=\p{Ll})/iu, "$1 both ")
    : question;
}
