import { mentions } from "../text.js";
import type { QuestionCues } from "./question-cues.js";
import { readerTerms } from "./reader-terms.js";
import type { ScoredCandidate } from "./score-candidates.js";

/**
 * Where the question says its answer lies, and whether the evidence and the answer keep to it. Pure.
 */

/** "In the banking example, …": the words that say which example, scenario or walkthrough. */
const SCOPE =
  /\b(?:in|for|from|under)\s+the\s+((?:[\p{L}\p{N}'’-]+\s+){0,2}?[\p{L}\p{N}'’-]+)\s+(?:example|scenario|case study|walkthrough|tutorial|sample)\b/u;

/**
 * A word of the question's "in the X example" that no passage uses: the evidence is about another
 * example, so nothing in it answers this one. Null when every word is found (or there is no such phrase).
 */
export function unmetScope(lowerQuestion: string, texts: readonly string[]): string | null {
  const words = SCOPE.exec(lowerQuestion)?.[1];
  if (!words) return null;
  const used = new Set(texts.flatMap((t) => readerTerms(t)));
  // "the guide's payroll example": the possessor is the source, the words after it say which example.
  const own = words.split(/['’]s\s+/).at(-1) ?? words;
  const absent = readerTerms(own).filter((t) => !used.has(t));
  return absent.length > 0 ? own : null;
}

const TIME =
  /^(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|(?:mon|tues|wednes|thurs|fri|satur|sun)day|[qh][1-4]|fy\d*)\.?(?:\s|$)/i;

/**
 * "… more than 70,000 drivers in the UK will be …": a count its sentence limits to a place the
 * question does not ask about counts only part of what is asked. The place, or null.
 */
export function narrowerPlace(best: ScoredCandidate, cues: QuestionCues): string | null {
  if (best.type !== "quantity" || best.span === null || best.at < 0) return null;
  const after = best.context.slice(best.at + best.span.length);
  const place = /^\s+in\s+(?:the\s+)?(\p{Lu}[\p{L}\p{N}.]*(?:\s+\p{Lu}[\p{L}\p{N}.]*){0,3})/u.exec(
    after,
  )?.[1];
  // "in March 2021", "in Q4": a time, not a place.
  if (!place || TIME.test(place)) return null;
  return mentions(cues.lower, place.toLowerCase()) ? null : place;
}
