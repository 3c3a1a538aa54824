import type { AnswerSentence } from "../schemas.js";
import { cellSentence } from "./answer-candidates.js";
import type { ReaderOptions } from "./compose-answer.js";
import type { QuestionCues } from "./question-cues.js";
import { readerTerms } from "./reader-terms.js";
import type { ScoredCandidate } from "./score-candidates.js";

/** The composer's statements: the direct answer, a comparison, a shortened quote, supporting sentences. Pure. */

/** The direct answer: a cell as "row (column): value", a comparison with both values, or its sentence. */
export function directStatement(
  best: ScoredCandidate,
  ranked: readonly ScoredCandidate[],
  cues: QuestionCues,
): string {
  if (best.cell) {
    if (cues.expected.type === "comparison") {
      const pair = ranked.find(
        (c) =>
          c.cell &&
          c.sid === best.sid &&
          c.cell.row === best.cell?.row &&
          c.cell.column !== best.cell?.column,
      );
      if (pair?.cell && pair.span) return comparisonStatement(best, pair);
    }
    return best.quote;
  }
  return shorten(best.quote, best.at);
}

/** "R&D (2019): 4,836; (2021): 2,054 — a change of −2,782 (−57.5%)". */
function comparisonStatement(a: ScoredCandidate, b: ScoredCandidate): string {
  const [x, y] = [a, b].sort((p, q) => (p.cell?.column ?? "").localeCompare(q.cell?.column ?? ""));
  if (!x?.cell || !y?.cell || !x.span || !y.span) return a.quote;
  const vx = amount(x.span);
  const vy = amount(y.span);
  const change =
    vx !== null && vy !== null
      ? `, a change of ${fmt(vy - vx)}${vx !== 0 ? ` (${fmt(((vy - vx) / Math.abs(vx)) * 100)}%)` : ""}`
      : "";
  return `${cellSentence(x.cell.row, x.cell.column, x.span)}; ${y.cell.column}: ${y.span}${change}`;
}

/** The number a cell states: "(0.29)" → -0.29, "$ 8,420" → 8420. */
export function amount(s: string): number | null {
  const m = s.replace(/[$€£\s,]/g, "").match(/^(\()?(-)?(\d+(?:\.\d+)?)\)?%?$/);
  if (!m) return null;
  const v = Number(m[3]);
  return m[1] || m[2] ? -v : v;
}

/** A change as stated in a comparison: two decimals at most, signed ("+864", "-3,754"). */
export const fmt = (x: number): string => {
  const r = Math.round(x * 100) / 100;
  return `${r > 0 ? "+" : ""}${r.toLocaleString("en-US")}`;
};

/** A long sentence cut to the clause window around the span (at most about 45 words). */
export function shorten(sentence: string, at: number): string {
  const words = sentence.split(/\s+/);
  if (words.length <= 45 || at < 0) return sentence;
  let pos = 0;
  let i = 0;
  while (i < words.length && pos + (words[i]?.length ?? 0) < at) pos += (words[i++]?.length ?? 0) + 1;
  const from = Math.max(0, i - 22);
  const cut = words.slice(from, from + 45).join(" ");
  return `${from > 0 ? "… " : ""}${cut}${from + 45 < words.length ? " …" : ""}`;
}

/** Up to `maxSupporting` sentences that add question terms the answer does not cover yet. */
const plain = (t: string): string =>
  t
    .toLowerCase()
    .replace(/\s+/g, " ")
    .replace(/[\s.;:!?]+$/, "")
    .trim();

/** A sentence's words, names and numbers, to tell a restatement from a new fact. */
export interface Said {
  words: Set<string>;
  numbers: Set<string>;
  /** Every word, lower-cased, and the capitalised words past the first (names, as written). */
  all: Set<string>;
  names: string[];
}

// NFKC spells "™" out as "TM" glued to the word before it ("Redpaper™" → "redpapertm").
export const wordsOf = (t: string): Said => {
  const tokens = t.match(/[\p{L}\p{N}]+/gu) ?? [];
  return {
    words: new Set(readerTerms(t.replace(/[™℠]/g, " "))),
    numbers: new Set(t.match(/\d+(?:[.,]\d+)*/g) ?? []),
    all: new Set(tokens.map((w) => w.toLowerCase())),
    names: tokens.slice(1).filter((w) => /^\p{Lu}/u.test(w)),
  };
};

/**
 * The same statement worded a little differently (a title page and the abstract under it, a
 * heading repeated in the text): most of its words already said by one sentence, and no number
 * or name that sentence lacks ("… became queen to King Saw Hla" after "… queen consort of Arakan"
 * is a new fact).
 */
export function restates(s: Said, said: readonly Said[], share = RESTATED): boolean {
  if (s.words.size === 0) return false;
  return said.some(
    (u) =>
      [...s.numbers].every((n) => u.numbers.has(n)) &&
      s.names.every((n) => u.all.has(n.toLowerCase())) &&
      [...s.words].filter((w) => u.words.has(w)).length >= share * s.words.size,
  );
}

const RESTATED = 0.7;

export function supporting(
  best: ScoredCandidate,
  ranked: readonly ScoredCandidate[],
  firstText: string,
  options: ReaderOptions,
): AnswerSentence[] {
  const out: AnswerSentence[] = [];
  // Documents repeat themselves (one page quoting another, a graph fact built from the sentence):
  // a line that says again what is already said, or a part of it, adds nothing.
  const used = [firstText, best.quote].map(plain);
  const said = [firstText, best.quote].map(wordsOf);
  const repeats = (t: string) => used.some((u) => u.includes(t) || t.includes(u));
  for (const c of ranked) {
    if (out.length >= options.maxSupporting) break;
    if (c.span !== null || repeats(plain(c.quote))) continue;
    if (c.score < best.score * options.keepRatio || c.near < 0.34) continue;
    // Tokenised only for the few candidates that would be kept, once each.
    const words = wordsOf(c.quote);
    if (restates(words, said)) continue;
    used.push(plain(c.quote));
    said.push(words);
    out.push({ text: shorten(c.quote, -1), cites: [c.sid] });
  }
  return out;
}
