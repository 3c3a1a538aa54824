import { mentions } from "../text.js";
import { abbreviates } from "./acronym-alias.js";
import type { AnswerCandidate } from "./answer-candidates.js";
import { LEGAL_FORMS, POST_NOMINALS } from "./name-affixes.js";
import { bareNum, type QuestionCues } from "./question-cues.js";

/**
 * Whether a candidate only restates what the question says (an answer must say something new):
 * its own words, its name with a legal form, or an acronym of either. Pure.
 */
export function inQuestion(span: string, q: QuestionCues): boolean {
  const s = straightQuotes(span.toLowerCase().replace(/[$()]/g, "").trim());
  if (s.length === 0) return true;
  if (q.numbers.includes(bareNum(s))) return true;
  const lower = straightQuotes(q.lower);
  if (mentions(lower, s)) return true;
  // "Elm Data Services Limited" is the question's "Elm Data Services", named with its legal form.
  const bare = s.replace(DESIGNATION, "");
  return bare !== s && bare.includes(" ") && mentions(lower, bare);
}

// A company's legal form or a person's post-nominal after a name: the same thing, named in full.
const DESIGNATION = new RegExp(`,?\\s+(?:${LEGAL_FORMS}|${POST_NOMINALS})$`, "i");

/** "Pall’s" in a passage is the question's "Pall's"; "Romeo and Juliet" is the question's "Romeo & Juliet". */
const straightQuotes = (s: string): string => s.replace(/[‘’]/g, "'").replace(/\s&\s/g, " and ");

const NAMED = new Set(["person", "organisation", "place"]);
/**
 * A name asked for is never an acronym of the words just before it: "information technology
 * (IT)" names no place, and "Elm Data Services (EDS)" is the question's own company.
 */
export function knownAlias(c: AnswerCandidate, q: QuestionCues): boolean {
  if (!NAMED.has(q.expected.type) || c.span === null || c.at < 0) return false;
  const full = abbreviates(c.span, c.context, c.at);
  return full !== null && (!/\p{Lu}/u.test(full) || inQuestion(full, q));
}
