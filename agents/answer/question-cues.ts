import { spelledOut, withoutAbbreviations } from "../../src/domain/text/abbreviations.js";
import { contentTerms, entities, mentions } from "../text.js";
import { CALENDAR_WORDS } from "./answer-spans.js";
import type { ExpectedAnswer } from "./answer-type.js";
import { askedHead } from "./asked-head.js";
import { readerStem, readerTerms } from "./reader-terms.js";

/**
 * Reader step 1b: what the question gives the scorer: its content terms (filler and source
 * pointers left out), the names and numbers it states, the expected answer, term weights from the
 * evidence. Pure.
 */
export interface QuestionCues {
  /** Stemmed content words, without question filler ("much", "roughly"). */
  terms: string[];
  /** Named things the question mentions, lower case. */
  names: string[];
  /** Numbers and years the question states ("2021", "45"). */
  numbers: string[];
  expected: ExpectedAnswer;
  /** The question lower-cased, to skip spans it already states. */
  lower: string;
  /** Weight of each term: rare in the evidence weighs more (set by withTermWeights). */
  weights: ReadonlyMap<string, number>;
  /** Cosine of a candidate's context to the question under the store's embedding model, when computed. */
  similarity?: ReadonlyMap<string, number>;
  /** The thing a "What <thing> does …" question asks to be described ("unsafe condition"), or the
   * acronym a "What is X?" question asks to spell out ("RCAC", as written). */
  asked?: string;
  /** The head noun a "what/which …" phrase asks for, stemmed ("series", "director"). */
  head?: string;
}

const ASKED =
  /(?:^|[.?!]\s+)(?:what|which)\s+((?:[\w-]+\s+){0,2}?[\w-]+)\s+(?:does|do|did|is|was|are|were|has|have|had|will|would|can|could|should|might|may)\b/i;

/** "What is the unsafe condition behind X?", "What was the purpose of Y?": the thing asked of X. */
const ASKED_OF =
  /^\s*what\s+(?:is|was|are|were)\s+the\s+((?:[\w-]+\s+){0,2}?[\w-]+)\s+(?:of|behind|for|in|at|that|which)\b/i;

/** "What is RCAC?", "What does CSE stand for?": the acronym a definition question asks about. */
const ACRONYM =
  /\b(?:[Ww]hat|[Ww]ho)\s+(?:is|are|does|do)\s+(?:an?\s+|the\s+)?(\p{Lu}[\p{Lu}\d]{1,7})s?\b(?!\s+\p{Ll}+\s+(?:do|does|is|mean)\b)/u;

// Question filler: words that ask, not words the answer's passage would use.
const FILLER = new Set(
  contentTerms(
    "much many roughly approximately about actually exactly main key kind give gives say says said " +
      "reported according mention mentioned describe described show shown " +
      "value amount total number change changed compare " +
      "compared differ difference versus increase decrease higher lower",
  ),
);
// Words that point at the source ("the paper says", "this table") when a determiner leads them;
// bare, they are the subject ("retrieve documents", "join two tables").
const SOURCE_WORDS = new Set(
  contentTerms("report document documentation paper section note table figure example"),
);
const SOURCE_REF =
  /\b(?:the|this|that|these|those|its|their|our|my|a|an|each|which|what|[\w-]+['’]s)\s+(?:[\w-]+\s+)??(reports?|documents?|documentation|papers?|sections?|notes?|tables?|figures?|examples?)\b/gi;

/** The question's source words used as pointers ("the report", "this table"), stemmed. */
function sourcePointers(question: string): Set<string> {
  return new Set([...question.matchAll(SOURCE_REF)].flatMap((m) => contentTerms(m[1] ?? "")));
}

/** "(Figure 3-5)", "Note 15", "Item 1A": where the answer is, not a number it states. */
const LOCATOR =
  /\b(?:figure|fig\.|table|note|section|chapter|item|page|appendix|exhibit|listing|equation|paragraph)\s+\d[\w.–-]*/gi;

/** An asking sentence with fewer content words than this borrows the context's. */
const THIN_FOCUS = 3;

export function questionCues(question: string, expected: ExpectedAnswer): QuestionCues {
  // A question may open with context ("The report says X. What is Y?"): the asking sentence decides.
  // "Ada St. Ives", "G. Ann Roe": a title's abbreviation or an initial ends no sentence ("in Ely." does).
  const sentences = question
    .split(
      /(?<![\s(](?:\p{Lu}|St|Mt|Ft|Dr|Mr|Mrs|Ms|Jr|Sr|Co|No|Gen|Col|Rev)\.)(?<=[.!?])\s+(?=[\p{Lu}"'‘“])/u,
    )
    .filter((s) => s.trim());
  const focus = sentences.length > 1 ? (sentences.findLast((s) => s.includes("?")) ?? question) : question;
  const pointers = sourcePointers(question);
  const termsOf = (text: string) => [
    ...new Set(
      contentTerms(text)
        .filter((t) => !FILLER.has(t) && !(SOURCE_WORDS.has(t) && pointers.has(t)))
        .map(readerStem),
    ),
  ];
  // "… sets X=false and fails. What else must be configured?": a thin asking sentence leaves the
  // subject to the context, whose words then count too.
  // "R&D" is read as the words passages spell it out with (abbreviations.ts).
  const asked = termsOf([focus, ...spelledOut(focus)].join(" "));
  const head = askedHead(focus);
  return {
    terms: asked.length < THIN_FOCUS ? termsOf(question) : asked,
    names: questionNames(question),
    numbers: [...new Set(focus.replace(LOCATOR, " ").match(/\b\d+(?:[.,]\d+)*%?/g) ?? [])].map(bareNum),
    expected,
    lower: question.toLowerCase(),
    weights: new Map(),
    ...(head ? { head } : {}),
    ...(expected.rule === "abstract-noun"
      ? { asked: ASKED.exec(question)?.[1]?.toLowerCase() }
      : expected.type === "definition" && ASKED_OF.test(focus)
        ? { asked: ASKED_OF.exec(focus)?.[1]?.toLowerCase() }
        : expected.type === "definition" && ACRONYM.test(question)
          ? { asked: ACRONYM.exec(question)?.[1] }
          : {}),
  };
}

/**
 * Term weights from the evidence itself (an IDF over the bundle): a word every passage has (the
 * company's name, the year) says little about which passage answers; one no passage has weighs most.
 */
export function withTermWeights(q: QuestionCues, texts: readonly string[]): QuestionCues {
  const bags = texts.map((t) => new Set(readerTerms(t)));
  const n = bags.length;
  const weights = new Map(
    q.terms.map((t) => {
      const df = bags.filter((b) => b.has(t)).length;
      // A word no passage uses weighs like the rarest one that is used: paraphrase is common.
      return [t, Math.max(0.2, Math.log((n + 1) / (Math.max(df, 1) + 0.5)))] as const;
    }),
  );
  return { ...q, weights };
}

/**
 * The names a question states, cleaned for matching: possessives and numbers split off
 * ("Uber's 2021" → "uber"), a lone capitalised word opening a sentence dropped ("Roughly", "Per").
 */
const LEAD_WORDS =
  /^(?:had|has|have|per|across|roughly|about|after|before|during|within|since|until|once|while)\s+/;

const CALENDAR = new RegExp(`^(?:${CALENDAR_WORDS.join("|")})$`, "i");

const GENERIC_TECH = /(?:^|\s+)(?:cli|api|apis|sdk|gui|ui|url|urls|json|yaml|http|https|ide)$/;

export function questionNames(question: string): string[] {
  const openers = new Set(
    [...question.matchAll(/(?:^|[.!?]\s+)([\p{Lu}][\p{Ll}]+)\b(?!\s+[\p{Lu}\d])/gu)].map((m) =>
      (m[1] ?? "").toLowerCase(),
    ),
  );
  // "Note 15", "Item 3", "Prop 22": a locator's label word is no name.
  const labels = new Set(
    [
      ...question.matchAll(
        /\b(\p{Lu}\p{Ll}+)(?=\s+(?:\d|[Ss]ection\b|[Nn]ote\b|[Cc]hapter\b|[Tt]able\b|[Ff]igure\b|[Ii]tem\b))/gu,
      ),
    ].map((m) => (m[1] ?? "").toLowerCase()),
  );
  // "MD&A", "R&D": abbreviations passages spell out.
  const glued = new Set([...question.matchAll(/\b(\w+)&\w+/g)].map((m) => (m[1] ?? "").toLowerCase()));
  const out = new Set<string>();
  for (const name of entities(withoutAbbreviations(question)))
    for (const part of name
      .replace(LEAD_WORDS, "")
      .split(/['’]s\b|\s+(?:\d[\d,]*\s*)+(?:and\s+\d+)?|^\d[\d,\s]*(?:and\s+\d+)?\s*|\s+(?:and|&)\s+/)) {
      const p = part
        .replace(/-[a-z]+$/, "")
        .replace(/^(?:the|of|and|in)\s+|\s+(?:of|and|the|in)$/g, "")
        .trim();
      if (p.length < 2 || /^[\d\s,.-]+$/.test(p) || openers.has(p) || labels.has(p) || glued.has(p)) continue;
      // A month or a weekday is a time, not a thing the answer's passage must name: it stays a term.
      if (CALENDAR.test(p)) continue;
      // "the CLI", "Aptos CLI", "its API": a kind of software interface, which passages about it
      // seldom write, not a name; what it belongs to ("Aptos") still is.
      const named = p.replace(GENERIC_TECH, "").trim();
      if (named.length < 2) continue;
      out.add(named);
    }
  return [...out];
}

/** The weighted share of the question's terms a test finds (its terms' weights, 1 by default). */
export function termShare(
  q: Pick<QuestionCues, "terms" | "weights">,
): (has: (t: string) => boolean) => number {
  const w = (t: string) => q.weights.get(t) ?? 1;
  const total = q.terms.reduce((sum, t) => sum + w(t), 0);
  return (has) => (total === 0 ? 0 : q.terms.filter(has).reduce((sum, t) => sum + w(t), 0) / total);
}

/** The share of the question's names a lower-cased text mentions (1 when it states none). */
export const nameShare = (q: Pick<QuestionCues, "names">, lower: string): number =>
  q.names.length === 0 ? 1 : q.names.filter((n) => mentions(lower, n)).length / q.names.length;

/** The share of the question's numbers among a text's (1 when it states none). */
export const numberShare = (q: Pick<QuestionCues, "numbers">, nums: ReadonlySet<string>): number =>
  q.numbers.length === 0 ? 1 : q.numbers.filter((n) => nums.has(n)).length / q.numbers.length;

export const bareNum = (s: string): string => s.replace(/[,%]/g, "").replace(/\.0+$/, "");
