import { contentTerms } from "../text.js";

/**
 * Verifier check, negation: a sentence and the evidence line it rests on must agree on what is
 * negated. Word overlap cannot see this ("not" is a stop word), so each negation cue gets a
 * scope (the next few content words of its clause) and a scope one side negates must be negated
 * on the other side too, when the other side states it at all.
 */

// Whole-word cues, English and Russian. "no" before a digit ("No. 5") is a number sign, not a cue.
const CUES = new Set(
  (
    "not no never none nobody nothing nowhere neither nor without cannot non " +
    "не нет ни никогда ничего никто нигде нельзя без"
  ).split(" "),
);
// Phrases that look negative but bound or stress instead: "not only", "no later than", "whether or not".
const NOT_NEGATION =
  /\b(?:not\s+(?:only|just)|no\s+(?:later|earlier|more|less|fewer|greater|sooner)\s+than|whether\s+or\s+not)\b/gi;
// A clause ends at punctuation or at a conjunction that starts a new statement.
const CLAUSE_END = new Set(
  "but while whereas although though because since unless which who whose however yet so then но а однако хотя потому поскольку который которая которые".split(
    " ",
  ),
);
const SCOPE_WORDS = 4;

interface Token {
  word: string;
  /** Punctuation closes the clause after this token. */
  closes: boolean;
}

function tokens(text: string): Token[] {
  const out: Token[] = [];
  const cleaned = text.replace(NOT_NEGATION, " ").replace(/\bno\.\s*(?=\d)/gi, " ");
  for (const m of cleaned.matchAll(/([\p{L}\p{N}]+(?:['’]\p{L}+)*)([^\p{L}\p{N}]*)/gu)) {
    out.push({ word: (m[1] ?? "").toLowerCase().replace(/ё/g, "е"), closes: /[,;:.!?()|]/.test(m[2] ?? "") });
  }
  return out;
}

/**
 * The names a line quotes ('"No One" is a song'): a cue inside one is part of a title, not a
 * negation, on either side. Only names of two or more words, so a quoted "not" still counts.
 */
export function quotedNames(line: string): string[] {
  return [...line.matchAll(/["“]([^"“”]{3,80})["”]/gu)]
    .map((m) => (m[1] ?? "").trim())
    .filter(
      (n) => /\s/.test(n) && [...n.matchAll(/[\p{L}\p{N}'’]+/gu)].some((w) => isCue(w[0].toLowerCase())),
    );
}

const withoutNames = (text: string, names: readonly string[]): string =>
  names.reduce((t, n) => t.split(n).join(" "), text);

const isCue = (w: string): boolean => CUES.has(w) || /n['’]t$/.test(w);

/** The text without its negation words: word overlap leaves negation to this check. */
export const withoutCues = (text: string): string =>
  text.replace(/[\p{L}\p{N}]+(?:['’]\p{L}+)*/gu, (w) => (isCue(w.toLowerCase()) ? " " : w));

/** One negation: the cue as written and the content stems it governs. */
export interface NegationScope {
  cue: string;
  terms: string[];
}

/** The negations a text states, each with the content words it governs (empty scopes are left out). */
export function negations(text: string): NegationScope[] {
  const toks = tokens(text);
  const out: NegationScope[] = [];
  toks.forEach((t, i) => {
    if (!isCue(t.word) || t.closes) return;
    const scope: string[] = [];
    // A prefix ("non-generational") governs its own word only.
    const limit = t.word === "non" ? 1 : SCOPE_WORDS;
    // "doesn't own": the governed words follow the cue word itself.
    for (let j = i + 1; j < toks.length && scope.length < limit; j++) {
      const next = toks[j] as Token;
      if (CLAUSE_END.has(next.word) || isCue(next.word)) break;
      scope.push(...contentTerms(next.word).filter((w) => !/^\d+$/.test(w)));
      if (next.closes) break;
    }
    if (scope.length > 0) out.push({ cue: t.word, terms: [...new Set(scope)] });
  });
  return out;
}

/** Whether one side states a negated scope: more than half its words occur there. */
function states(scope: NegationScope, terms: ReadonlySet<string>): boolean {
  const hit = scope.terms.filter((t) => terms.has(t)).length;
  return hit > scope.terms.length / 2;
}

/** Whether the other side negates the same words (a scope of its own that shares one). */
function negatesToo(scope: NegationScope, other: readonly NegationScope[]): boolean {
  return other.some((o) => o.terms.some((t) => scope.terms.includes(t)));
}

/**
 * Why a sentence disagrees with its evidence line on negation, or null when they agree: the line
 * negates words the sentence states plainly ("is not" → "is"), or the sentence negates words the
 * line states plainly.
 */
export function negationConflict(sentence: string, line: string): string | null {
  return negationClash(sentence, line)?.reason ?? null;
}

/** The clash behind `negationConflict`, with the words whose negation the two sides disagree on. */
export function negationClash(
  sentenceText: string,
  lineText: string,
  /** Names the cited passages give that hold a negation word (verify-read.ts). */
  titles: readonly string[] = [],
): { reason: string; terms: string[] } | null {
  const names = [...new Set([...titles, ...quotedNames(lineText)])];
  const sentence = withoutNames(sentenceText, names);
  const line = withoutNames(lineText, names);
  const sNeg = negations(sentence);
  const lNeg = negations(line);
  const sTerms = new Set(contentTerms(sentence));
  const lTerms = new Set(contentTerms(line));
  for (const n of lNeg)
    if (states(n, sTerms) && !negatesToo(n, sNeg))
      return {
        reason: `evidence negates "${n.cue} ${n.terms.join(" ")}", the sentence does not`,
        terms: n.terms,
      };
  for (const n of sNeg)
    if (states(n, lTerms) && !negatesToo(n, lNeg))
      return {
        reason: `sentence negates "${n.cue} ${n.terms.join(" ")}", the evidence does not`,
        terms: n.terms,
      };
  return null;
}

/** Whether a line states every one of these words without negating them: the other reading. */
export function statesPlainly(terms: readonly string[], line: string): boolean {
  const lineTerms = new Set(contentTerms(line));
  const scope = { cue: "", terms: [...terms] };
  return terms.every((t) => lineTerms.has(t)) && !negatesToo(scope, negations(line));
}
