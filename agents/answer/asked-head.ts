import { readerTerms } from "./reader-terms.js";

/**
 * The head noun of a question's "what/which …" phrase, and whether a passage describes a span as
 * one: asked "What science fantasy series has …?", the span a sentence calls "a science fantasy
 * series" ("X is a science fantasy series of …", "X, an American series", "the series X") is the
 * thing asked, where names merely beside the question's words are not. Pure.
 */

// Heads that say only the value's type (a year, a kind): the span's type decides those.
const BARE =
  /^(?:year|years|date|day|month|time|kind|type|sort|name|one|ones|other|number|amount|many|much|percent|county|city|town|country|state|province|nationality)$/i;

// The wh-word, up to six modifiers, then the head: before a comma, the question mark, a verb (a
// participle too: "what surfer born in 1992", "which band formed") or a preposition; a possessive ("what brand's character") ends the phrase at its owner.
const PHRASE =
  /\b(?:what|which)\s+((?:[\p{L}-]+\s+){0,6}?)([\p{L}-]+?)(?=['’]s\b|\s*[,?]|\s*$|\s+(?:is|was|are|were|did|does|do|has|have|had|can|could|will|would|of|in|on|at|by|for|with|from|that|who|which|whose|besides|\p{Ll}+ed|born|known|made|held|led|built|written|won|sung|run|sold|shown|given|taken|found|chosen)\b)/iu;

/** The stem of the head noun asked, or undefined when there is none worth matching. */
export function askedHead(question: string): string | undefined {
  // "What kind of plane …?", "which type of bomb …": the kind is the noun after "of".
  // "What is the name of the waterfall in X?": the thing named is the waterfall.
  const m = PHRASE.exec(
    question
      .replace(/\b(what|which)\s+(?:kind|type|sort)s?\s+of\s+/i, "$1 ")
      // Not before a possessive: "the name of the company's CEO" names the CEO.
      .replace(
        /\b(what)\s+(?:is|was|are|were)\s+the\s+names?\s+of\s+(?:the|an?)\s+(?![\p{L}-]+['’]s\b)/iu,
        "$1 ",
      ),
  );
  const head = m?.[2];
  if (!head || BARE.test(head) || /^(?:is|was|are|were|did|does|do)$/i.test(head)) return undefined;
  return readerTerms(head)[0];
}

/**
 * +0.15 when the span's own last word is the head noun asked ("North Canadian River" for "what
 * river"), or the text around the span calls it one: "SPAN (…) is a/an/the … HEAD",
 * "SPAN, a/an/the … HEAD", "the … HEAD SPAN", "HEAD, <clause>, is SPAN" or "HEADs such as SPAN";
 * 0 otherwise.
 */
export function headFit(
  context: string,
  at: number,
  span: string,
  head: string | undefined,
  /** The names the question states: a word of one ("Which state where Elm High is?") is no head noun. */
  names: readonly string[] = [],
): number {
  if (!head || at < 0) return 0;
  // "What river …?": a name ending in the head ("North Canadian River") says what it is itself.
  const last = readerTerms(span.split(/\s+/).at(-1) ?? "")[0];
  const stated = names.some((n) => readerTerms(n).includes(head));
  if (last === head && /\s/.test(span.trim()) && !stated) return 0.15;
  // "University of Elm" for "which university": the head opens the name, before "of".
  const [first = "", second = ""] = span.trim().split(/\s+/);
  if (second.toLowerCase() === "of" && readerTerms(first)[0] === head && !stated) return 0.15;
  const after = context.slice(at + span.length, at + span.length + 160).replace(/^["”']/, "");
  const described =
    /^\s*(?:\([^)]*\)\s*)?(?:,[^,.]{0,80},\s*)?(?:is|was|are|were)\s+(?:also\s+)?(?:an?|the|one of the)\s+((?:[^\s.;]+\s+){0,7}[^\s.,;]+)/i.exec(
      after,
    )?.[1] ?? /^\s*,\s*(?:an?|the)\s+((?:[^\s.;]+\s+){0,6}[^\s.,;]+)/i.exec(after)?.[1];
  // The phrase ends at its first preposition: "the second companion book to the Y series" calls
  // the span a book, not a series; but "a species of flowering plant" calls it a plant.
  const phrase = described ? describedPhrase(described) : undefined;
  if (phrase && readerTerms(phrase).includes(head)) return 0.15;
  const before = context.slice(Math.max(0, at - 60), at);
  const named = /\bthe\s+((?:[^\s.,;]+\s+){0,4}?[^\s.,;]+)\s+["“']?$/i.exec(before)?.[1];
  if (named && readerTerms(named).at(-1) === head) return 0.15;
  // "Average annual snowfall, as measured at the airport, is 6.8 inches": the head is the subject,
  // a clause between commas aside, and the span what it is.
  const subject =
    /([\p{L}-]+)\s*,[^,.]{1,80},\s*(?:is|was|are|were)\s+(?:about\s+|around\s+|roughly\s+)?["“']?$/iu.exec(
      context.slice(Math.max(0, at - 140), at),
    )?.[1];
  if (subject && readerTerms(subject)[0] === head) return 0.15;
  // "roles such as Princess Ann", "bands like X", "a film called X".
  const example = /([\p{L}-]+)\s+(?:such as|like|including|called|named)\s+["“']?$/iu.exec(before)?.[1];
  return example && readerTerms(example)[0] === head ? 0.15 : 0;
}

const PREPOSITION = /\s+(to|of|in|on|for|from|by|with|at|about|between|that|which|who)\s+/i;
// Nouns that name a class, not a thing: "a species of X", "a genre of X" call the span an X too.
const CLASSIFIER =
  /\b(?:species|subspecies|genus|type|kind|sort|form|breed|variety|genre|subgenre|style|strain|cultivar)$/i;

/** The noun phrase a description calls the span: up to its first preposition, read past "of" after a classifier. */
function describedPhrase(described: string): string {
  const m = PREPOSITION.exec(described);
  if (!m) return described;
  const before = described.slice(0, m.index);
  const rest = described.slice(m.index + m[0].length);
  return m[1]?.toLowerCase() === "of" && CLASSIFIER.test(before)
    ? `${before} ${describedPhrase(rest)}`
    : before;
}
