import type { AnswerCandidate } from "./answer-candidates.js";
import { institutionName } from "./answer-kind.js";
import type { AnswerType } from "./answer-type.js";
import type { QuestionCues } from "./question-cues.js";
import { readerTerms } from "./reader-terms.js";

/** Small scoring features of a candidate span, each pure: see scoreCandidate for their weights. */

export const ROLE_STEMS = new Set(
  readerTerms(
    "director composer performer writer author producer creator founder publisher painter singer designer",
  ),
);

/**
 * A life is written "(2 February 1886 – 10 August 1960)": asked for a death, the date before the
 * dash is the birth (-0.1) and the one after it fits (+0.05); asked for a birth, the reverse.
 */
export function lifeDateFit(context: string, at: number, span: string, q: QuestionCues): number {
  if (at >= 0 && q.expected.type === "place") return lifePlaceFit(context, at, q);
  if (at < 0 || (q.expected.type !== "date" && q.expected.type !== "year")) return 0;
  const death = q.terms.includes("death");
  const birth = q.terms.includes("birth");
  if (death === birth) return 0;
  const before = /[–—-]\s*(?:d\.\s*)?$/.test(context.slice(Math.max(0, at - 6), at));
  const after = /^\s*[,;]?[^()–—-]{0,40}?\s[–—-]\s/.test(
    context.slice(at + span.length, at + span.length + 44),
  );
  if (death) return before ? 0.05 : after ? -0.1 : 0;
  return after ? 0.05 : before ? -0.1 : 0;
}

/**
 * A life written with its places, "(August 21, 1901 Oklahoma City, Oklahoma – April 7, 1988 Los
 * Angeles, California)": asked where someone was born, a place before the parenthesis' dash fits
 * (+0.05) and one after it does not (-0.1); asked where someone died, the reverse.
 */
function lifePlaceFit(context: string, at: number, q: QuestionCues): number {
  const death = q.terms.includes("death");
  const birth = q.terms.includes("birth");
  if (death === birth) return 0;
  const open = context.lastIndexOf("(", at);
  const close = context.indexOf(")", at);
  if (open < 0 || close < 0 || context.lastIndexOf(")", at) > open) return 0;
  const inside = context.slice(open + 1, close);
  // The dash between the two dates: after a word or a year, before the second date's words.
  const dash = inside.search(/(?<=[\p{L}\d.])\s*[–—-]\s+(?=\S)/u);
  if (dash < 0) return 0;
  const side = at - open - 1 < dash ? "birth" : "death";
  return (side === "birth") === birth ? 0.05 : -0.1;
}

/**
 * 0.03 off a "who" answer that is not written as a person's name (two to five capitalised words,
 * particles such as "de" or "van" between them): one word ("Eastland", "ACME") or a phrase with
 * lower-case words ("President of Eastland") is more often a place, an organisation or a role;
 * 0.15 off one with an institution's or a work's word ("Council", "Records").
 */
export function notAName(c: AnswerCandidate, q: QuestionCues): number {
  if (c.span === null || c.type !== "person" || q.expected.type !== "person") return 0;
  // "National News Council", "Polydor Records": an institution's or a work's name is nobody's.
  if (institutionName(c.span)) return 0.15;
  return PERSON_NAME.test(c.span.trim()) ? 0 : 0.03;
}

/**
 * A person's name: two to five capitalised words (particles such as "de", "van" between them).
 * One capitalised word is more often a nationality or a genre than a name ("French", "Western").
 */
export const PERSON_NAME =
  /^[\p{Lu}][\p{L}'’.-]*(?:\s+(?:(?:de|da|di|del|der|van|von|bin|al|le|la|du)\s+)?[\p{Lu}][\p{L}'’.-]*){1,4}$/u;

/**
 * +0.08 when the noun after a count is a question term, -0.08 when it is another thing counted;
 * a unit of measure ("10.6 million square feet" for "how much space") measures what is asked, so
 * it is neither.
 */
export function unitFit(span: string, q: QuestionCues): number {
  const noun = span.match(/[a-zа-яё][\w-]*$/i)?.[0];
  if (!noun || /^(?:million|billion|thousand|trillion)$/i.test(noun)) return 0;
  if (readerTerms(noun).some((t) => q.terms.includes(t))) return 0.08;
  if (!MEASURE.test(noun)) return -0.08;
  // "How many inhabitants": things are counted, so "232 square miles" measures something else.
  const counted = /\bhow many\s+([\p{L}-]+)/u.exec(q.lower)?.[1];
  return counted && !MEASURE.test(counted) ? -0.08 : 0;
}

// Units of measure (length, area, volume, mass, time, data, angle), singular or plural.
const MEASURE =
  /^(?:square|cubic|(?:kilo|centi|milli)?met(?:er|re)s?|feet|foot|inch(?:es)?|yards?|miles?|km|kg|lbs?|pounds?|grams?|kilograms?|tonnes?|tons?|lit(?:er|re)s?|gallons?|barrels?|acres?|hectares?|seconds?|minutes?|hours?|days?|weeks?|months?|years?|[kmgt]?bytes?|[kmgt]b|degrees?|watts?|volts?)$/i;

/** 1 when a question term sits right beside the span, falling off with distance in words. */
export function termProximity(text: string, at: number, q: QuestionCues): number {
  const words = text.toLowerCase().split(/(?<=\s)/);
  let pos = 0;
  let spanWord = 0;
  const termWords: number[] = [];
  words.forEach((w, i) => {
    if (pos <= at) spanWord = i;
    pos += w.length;
    const stems = readerTerms(w);
    if (stems.some((s) => q.terms.includes(s))) termWords.push(i);
  });
  if (termWords.length === 0) return 0;
  const d = Math.min(...termWords.map((i) => Math.abs(i - spanWord)));
  return 1 / (1 + d / 4);
}

/**
 * The relation a question ends on, the word and preposition right before its wh-word: "the
 * co-founder of what media outlet?" → co-founder, of; "a group that was formed by who?" → formed, by.
 */
export function trailingRelation(lower: string): { terms: string[]; prep: string } | null {
  const m = lower.match(
    /([\p{L}-]+)\s+(of|by|in|for|with|under|from|at|to|on|as)\s+(?:what|which|who|whom)\b[^?.]*\??\s*$/u,
  );
  const terms = m?.[1] ? readerTerms(m[1]) : [];
  return m?.[2] && terms.length > 0 ? { terms, prep: m[2] } : null;
}

/**
 * A span right after the question's closing preposition ("… co-founder of "The Ledger"")
 * fills the relation asked: +0.1 when the relation's word is among the eight words before it,
 * +0.03 for the preposition alone.
 */
export function relationFit(context: string, at: number, q: QuestionCues): number {
  const r = at > 0 ? trailingRelation(q.lower) : null;
  if (!r) return 0;
  const before = context.slice(Math.max(0, at - 100), at);
  if (!new RegExp(`\\b${r.prep}\\s+["“']?(?:the\\s+|an?\\s+)?["“']?$`, "i").test(before)) return 0;
  const near = new Set(readerTerms(before.split(/\s+/).slice(-9).join(" ")));
  return r.terms.some((t) => near.has(t)) ? 0.1 : 0.03;
}

/** "a population of 41,207", "capacity was 2,815": a bare number right after an asked term names it. */
export function namedByTerm(context: string, at: number, q: QuestionCues): boolean {
  if (at <= 0) return false;
  const m =
    /([\p{L}-]+)\s+(?:of|was|is|were|are|at)\s+(?:about\s+|around\s+|approximately\s+|some\s+)?$/u.exec(
      context.slice(Math.max(0, at - 60), at),
    );
  return !!m?.[1] && readerTerms(m[1]).some((t) => q.terms.includes(t));
}

/** Words between a value and the phrase that names it: "price of approximately $80.84", "rate: 4.5%". */
const LINK = /^(?:of|was|is|were|are|at|to|approximately|about|around|roughly|nearly|some|:|=)$/;

/**
 * "… an initial conversion price of approximately $80.84": the words right before a value name
 * it; two or more words in a row there that are the question's say it is the value asked (+0.05).
 * One word alone is termProximity's part (and "fully-diluted" is one word). Values only: before a
 * name ("the special register CURRENT USER") the words say its kind, which headFit reads.
 */
export function phraseNamed(context: string, at: number, type: AnswerType, q: QuestionCues): number {
  if (at <= 0 || !VALUES.has(type)) return 0;
  const words = context
    .slice(Math.max(0, at - 80), at)
    .replace(/([:=])/g, " $1 ")
    .split(/\s+/)
    .filter(Boolean);
  // The first word of the 80-character window may be cut: it is never read.
  let i = words.length - 1;
  for (let links = 0; i > 0 && links < 3 && LINK.test(words[i]?.toLowerCase() ?? ""); links++) i--;
  let run = 0;
  for (; i > 0; i--) {
    const terms = readerTerms(words[i] ?? "");
    if (terms.length === 0 || !terms.every((t) => q.terms.includes(t))) break;
    run++;
  }
  return run >= 2 ? PHRASE_NAMED : 0;
}

const PHRASE_NAMED = 0.05;
/** Amounts: values measured, often at a time the question states. */
export const AMOUNTS: readonly AnswerType[] = ["money", "percent", "quantity"];
/** Values: amounts and times. */
export const VALUES: ReadonlySet<AnswerType> = new Set([...AMOUNTS, "date", "year"]);

const YEAR_WORD = "(?:1[5-9]|20)\\d\\d";
const YEAR = new RegExp(`^${YEAR_WORD}$`);
const YEARS_IN = new RegExp(`\\b${YEAR_WORD}\\b`, "g");

/**
 * "According to the 2001 census, what was the population …?" over "48,200 at the 2015 estimates,
 * while the town had 21,730 at the 2001 census": the value in the clause stating the question's
 * year fits (+0.05); one in a clause stating another year, and not that one, does not (-0.05).
 * Clauses end at commas, semicolons and "while"/"whereas". A year asked for is no stated year.
 */
export function statedYearFit(context: string, at: number, span: string, q: QuestionCues): number {
  const years = q.numbers.filter((n) => YEAR.test(n));
  if (years.length === 0 || at < 0 || YEAR.test(span.trim())) return 0;
  const before =
    context
      .slice(0, at)
      .split(/[,;]|\bwhile\b|\bwhereas\b/)
      .at(-1) ?? "";
  const after = context.slice(at + span.length).split(/[,;]|\bwhile\b|\bwhereas\b/)[0] ?? "";
  const clause = `${before} ${after}`;
  const stated = clause.match(YEARS_IN) ?? [];
  if (stated.length === 0) return 0;
  return stated.some((y) => years.includes(y)) ? 0.05 : -0.05;
}
