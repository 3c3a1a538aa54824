import type { AnswerType } from "./answer-type.js";
import { PERSON_NAME } from "./candidate-features.js";
import { COURTESY_TITLES, OFFICE_TITLES } from "./name-affixes.js";

/**
 * The short answer as the span reads alone: a bracket the span opens and never closes ("(2,815
 * seated" from "… can seat 10,000 (2,815 seated)") is the sentence's, not the answer's; "How many
 * copies …?" is answered by the bare count ("250 million", not "250 million copies"): the noun
 * counted is the question's own. A count with a hedge ("more than 70 countries") keeps its noun. A
 * person asked (`asked`, the expected answer's type) is named without the title or office before
 * the name. Pure.
 */
export function shortSpan(raw: string | null, question = "", asked?: AnswerType): string | null {
  const opened = raw?.startsWith("(") && !raw.includes(")") ? raw.slice(1) : raw;
  const bare = opened && asked === "person" ? untitled(opened) : opened;
  const span = bare ? namePart(bare, question) : bare;
  const counted = question.match(/\bhow many\s+([\p{L}-]+)/iu)?.[1]?.toLowerCase();
  if (!span || !counted) return span;
  const count = span.match(BARE_COUNT);
  return count?.[1] && sameNoun(count[2] ?? "", counted) ? count[1] : span;
}

// A person's title or office before the name, with the country or body it is of ("United States
// President", "Prime Minister", "Sir"): the words a passage puts before the name it is read for.
const TITLE = new RegExp(
  `^(?:(?:Former|Then|Late)\\s+)?(?:\\p{Lu}[\\p{L}.]*\\s+){0,2}?(?:${OFFICE_TITLES}|${COURTESY_TITLES}|Sir|Dame|Lord|Lady)\\s+(?=\\p{Lu}[\\p{L}'’.-]*\\s+\\p{Lu})`,
  "u",
);

/** "Who was in office?" answered "President Ann Vale" is answered "Ann Vale". */
function untitled(span: string): string {
  const bare = span.replace(TITLE, "");
  return PERSON_NAME.test(bare) ? bare : span;
}

// A number (digits, an optional scale word) and the one noun after it.
const BARE_COUNT = /^(\d[\d,.]*(?:\s+(?:thousand|million|billion|trillion))?)\s+([\p{L}-]+)$/iu;

/** "copies" and "copy", "countries" and "country": one noun whatever its number. */
function sameNoun(a: string, b: string): boolean {
  const stem = (w: string) =>
    w
      .toLowerCase()
      .replace(/ies$/, "y")
      .replace(/(?:es|s)$/, "");
  return stem(a) === stem(b);
}

// The part of a name the question asks for ("What is the middle name of X?", "What was X's first
// name?"), not one it states ("the director whose first name is Tomas", "the first name given to").
const NAME_PART =
  /^(?:what|which)\s+(?:is|was)\s+(?:the\s+)?(?:[^?]*?['’]s\s+)?(?:(middle|first|given|last|family)\s+name|(surname))\b(?!\s+(?:is|was|given)\b)/i;
// Suffixes after a surname: "King Jr." keeps "King" as the last name.
const SUFFIX = /^(?:Jr\.?|Sr\.?|II|III|IV)$/;

/**
 * "What is the middle name of X?" is answered by that part of the name read ("Ann" of "Ida Ann
 * Marsh"), "first name" by its first word, "last name" or "surname" by its last. A span that is no
 * name of enough capitalised words stays whole.
 */
export function namePart(span: string, question: string): string {
  const part = NAME_PART.exec(question.trim());
  if (!part) return span;
  const words = span
    .trim()
    .replace(/,/g, "")
    .split(/\s+/)
    .filter((w, i, all) => i < all.length - 1 || !SUFFIX.test(w) || all.length < 3);
  if (!words.every((w) => /^\p{Lu}/u.test(w))) return span;
  const which = (part[1] ?? part[2] ?? "").toLowerCase();
  if (which === "middle") return words.length >= 3 ? words.slice(1, -1).join(" ") : span;
  if (words.length < 2) return span;
  return which === "first" || which === "given" ? (words[0] ?? span) : (words.at(-1) ?? span);
}
