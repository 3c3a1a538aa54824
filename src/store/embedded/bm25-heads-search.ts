import type Database from "better-sqlite3";
import { decodePostings, HEAD_SIZE } from "./bm25-heads.js";
import { BM25_B, BM25_K1 } from "./bm25-score.js";

/** Rows above the watermark or rewritten since the last merge beyond which the heads are not used. */
const MAX_EXTRA = 2000;

export interface HeadCandidates {
  /** Rows by their partial sums over the heads, best first. */
  ranked: number[];
  partial: number[];
  /** About the most a row can lack from the full heads it is missing from (their weakest postings). */
  slack: number;
  /** Rows not merged into the heads (tail rows holding a rare term, dirty rows): always rescored. */
  extra: number[];
}

/**
 * The read side of bm25-heads.ts: the rows worth scoring exactly for a query, found without
 * scoring every match. Each term's head adds its exact BM25 contribution to the rows in it; a
 * term whose head is not full lists every row holding it, so a row missing only from full
 * (frequent) heads can lack at most those terms' smallest contributions. The `want` best rows by
 * these partial sums, every tail row holding a rare term and every dirty row are the candidates
 * the caller rescores exactly: the top k is approximate only where a row outside every head of
 * the rare terms would beat them through the frequent ones alone.
 */
export class Bm25HeadsSearch {
  private readonly readMark: Database.Statement;
  private readonly getHead: Database.Statement;
  private readonly tailMatch: Database.Statement;
  private readonly dirty: Database.Statement;

  constructor(db: Database.Database) {
    this.readMark = db.prepare("SELECT value FROM meta WHERE key = 'bm25_heads_rid'").pluck();
    this.getHead = db.prepare("SELECT postings FROM bm25_heads WHERE term = ?").pluck();
    this.tailMatch = db
      .prepare("SELECT rowid FROM text_fts WHERE text_fts MATCH ? AND rowid > ? LIMIT ?")
      .pluck();
    this.dirty = db.prepare("SELECT rid FROM bm25_heads_dirty LIMIT ?").pluck();
  }

  /** Rows to rescore, or null when the store keeps no heads or too much is unmerged. */
  candidates(
    terms: readonly string[],
    idfs: readonly number[],
    weights: readonly number[],
    avgdl: number,
    want: number,
  ): HeadCandidates | null {
    const mark = Number(this.readMark.get() ?? 0);
    if (mark <= 0) return null;
    const w0 = weights[0] ?? 1;
    const w1 = weights[1] ?? 1;
    const sums = new Map<number, number>();
    const rare: string[] = [];
    let slack = 0;
    for (const [t, term] of terms.entries()) {
      const blob = this.getHead.get(term) as Buffer | undefined;
      const p = blob ? decodePostings(blob) : new Uint32Array();
      const full = p.length / 3 >= HEAD_SIZE;
      if (!full) rare.push(term);
      const idf = idfs[t] ?? 0;
      let least = Number.POSITIVE_INFINITY;
      for (let i = 0; i < p.length; i += 3) {
        const counts = p[i + 1] ?? 0;
        const f = w0 * (counts >>> 16) + w1 * (counts & 0xffff);
        const norm = BM25_K1 * (1 - BM25_B + (BM25_B * (p[i + 2] ?? 0)) / (avgdl || 1));
        const rid = p[i] ?? 0;
        const c = (idf * f * (BM25_K1 + 1)) / (f + norm);
        if (c < least) least = c;
        sums.set(rid, (sums.get(rid) ?? 0) + c);
      }
      // A row outside a full head gets about its weakest posting's share at most.
      if (full) slack += least;
    }
    const best = [...sums].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, want);
    const tail =
      rare.length > 0
        ? (this.tailMatch.all(rare.map((t) => `"${t}"`).join(" OR "), mark, MAX_EXTRA + 1) as number[])
        : [];
    const dirty = this.dirty.all(MAX_EXTRA + 1) as number[];
    if (tail.length > MAX_EXTRA || dirty.length > MAX_EXTRA) return null;
    return {
      ranked: best.map(([rid]) => rid),
      partial: best.map(([, sum]) => sum),
      slack,
      extra: [...new Set([...tail, ...dirty])],
    };
  }
}
