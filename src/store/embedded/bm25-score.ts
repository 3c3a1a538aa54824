/**
 * FTS5's bm25() (sqlite/ext/fts5/fts5_aux.c) recomputed outside SQLite, so the top k can be found
 * by MaxScore without SQLite scoring every row that matches some term. Pure and deterministic.
 *   idf = ln((N - df + 0.5) / (df + 0.5)), at least 1e-6 (terms in most rows weigh nothing)
 *   score = Σ_terms idf · f·(k1+1) / (f + k1·(1 - b + b·D/avgdl)),  k1 = 1.2, b = 0.75
 * where f is the term's column-weighted count in the row and D the row's tokens (all columns).
 */
export const BM25_K1 = 1.2;
export const BM25_B = 0.75;

export function bm25Idf(rows: number, df: number): number {
  const idf = Math.log((rows - df + 0.5) / (df + 0.5));
  return idf > 0 ? idf : 1e-6;
}

/** A term's most a row can get from it: f/(f + K) < 1 whatever f is. */
export const bm25UpperBound = (idf: number): number => idf * (BM25_K1 + 1);

export interface RowText {
  /** Token counts per column (FTS5 docsize). */
  sizes: readonly number[];
  /** The indexed text per column (space-separated tokens). */
  columns: readonly string[];
}

/** Folds a token the way unicode61 with remove_diacritics does (é → e). */
export const foldToken = (t: string): string => t.normalize("NFD").replace(/\p{M}/gu, "");

/** Tokens of an indexed column, as FTS5's unicode61 tokenizer reads them. */
export const columnTokens = (text: string): string[] =>
  foldToken(text.toLowerCase())
    .split(/[^\p{L}\p{N}]+/u)
    .filter((t) => t.length > 0);

/**
 * The row's score for `terms` (folded tokens) with their idfs; `weights` per column (as the
 * arguments of bm25()), `avgdl` = all tokens / rows. Columns hold the analyzer's output: words
 * of letters and digits joined by single spaces, so splitting on spaces is the tokenizer's split.
 */
export function bm25Scorer(
  terms: readonly string[],
  idfs: readonly number[],
  weights: readonly number[],
  avgdl: number,
): (row: RowText) => number {
  return (row) => {
    const freq = new Float64Array(terms.length);
    for (const [c, text] of row.columns.entries()) {
      const w = weights[c] ?? 1;
      // Analyzer output is words of letters and digits joined by single spaces: counting
      // " term " in " text " (natively) is the tokenizer's count, once accents are folded.
      const padded = ` ${NON_ASCII.test(text) ? foldToken(text) : text} `;
      for (const [i, t] of terms.entries()) {
        const needle = ` ${t} `;
        for (
          let pos = padded.indexOf(needle);
          pos >= 0;
          pos = padded.indexOf(needle, pos + needle.length - 1)
        )
          freq[i] = (freq[i] ?? 0) + w;
      }
    }
    const d = row.sizes.reduce((a, b) => a + b, 0);
    const norm = BM25_K1 * (1 - BM25_B + (BM25_B * d) / (avgdl || 1));
    let score = 0;
    for (const [i, f] of freq.entries())
      if (f > 0) score += ((idfs[i] ?? 0) * f * (BM25_K1 + 1)) / (f + norm);
    return score;
  };
}

const NON_ASCII = /[^\x20-\x7f]/;

/**
 * MaxScore's split: how many of the terms, taken in descending order of upper bound, a row
 * must match one of to possibly score at least `threshold`. The others together fall short.
 */
export function essentialCount(upperBounds: readonly number[], threshold: number): number {
  let rest = 0;
  let n = upperBounds.length;
  while (n > 0 && rest + (upperBounds[n - 1] ?? 0) < threshold) {
    rest += upperBounds[n - 1] ?? 0;
    n--;
  }
  return n;
}

/** SQLite varints (big-endian, 7 bits a byte, the 9th byte whole), as FTS5 stores sizes. */
export function readVarints(blob: Uint8Array): number[] {
  const out: number[] = [];
  let i = 0;
  while (i < blob.length) {
    let v = 0;
    for (let n = 0; i < blob.length; n++) {
      const byte = blob[i++] ?? 0;
      if (n === 8) {
        v = v * 256 + byte;
        break;
      }
      v = v * 128 + (byte & 0x7f);
      if ((byte & 0x80) === 0) break;
    }
    out.push(v);
  }
  return out;
}
