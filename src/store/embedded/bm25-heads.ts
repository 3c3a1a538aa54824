import type Database from "better-sqlite3";
import { z } from "zod";
import { BM25_B, BM25_K1, columnTokens, readVarints } from "./bm25-score.js";

/**
 * Impact-ordered heads of the BM25 postings: per term, its HEAD_SIZE best rows by term impact
 * (all of them when fewer), each with its column counts and length so that the exact BM25
 * contribution is computed without reading the row. A top k reads the query terms' heads instead
 * of scoring every row that matches a frequent term (bm25-heads-search.ts).
 *
 * Maintained in steps: rows above the watermark (`bm25_heads_rid` in meta) are the tail, merged
 * into the heads once it holds MERGE_ROWS rows, MERGE_SEGMENT rows at a time, so a big store is
 * never read whole in one go. Top-H lists merge exactly (top H of A ∪ B = top H of the two
 * heads) because a posting's impact depends on the row alone: a fixed reference length stands
 * for the store's average. Rows rewritten in place below the watermark are listed as dirty
 * until the next merge re-reads them; deleted rows stay in the heads and are dropped on rescoring.
 */
export const HEAD_SIZE = 1000;
/** Below this many rows the exact MaxScore path is quick enough: no heads are kept. */
export const HEADS_MIN_ROWS = 20_000;
export const MERGE_ROWS = 2000;
const MERGE_SEGMENT = 50_000;
/** Stands for the average row length in impacts (the ordering only; scores use the store's). */
const REF_LENGTH = 80;
/** Column weights of the ordering, as searchText's bm25(text_fts, 0.5, 1.0). */
const ORDER_WEIGHTS = [0.5, 1] as const;
const COUNT_MAX = 0xffff;

const RowSchema = z.object({
  rid: z.number(),
  c0: z.string().nullable(),
  c1: z.string().nullable(),
  sz: z.instanceof(Buffer),
});

/** Postings as triples: rid, heading count << 16 | body count, row length. */
export type Postings = Uint32Array;

export const postingImpact = (p: Postings, i: number): number => {
  const counts = p[i * 3 + 1] ?? 0;
  const f = ORDER_WEIGHTS[0] * (counts >>> 16) + ORDER_WEIGHTS[1] * (counts & COUNT_MAX);
  return f / (f + BM25_K1 * (1 - BM25_B + (BM25_B * (p[i * 3 + 2] ?? 0)) / REF_LENGTH));
};

export const decodePostings = (blob: Buffer): Postings =>
  new Uint32Array(blob.buffer.slice(blob.byteOffset, blob.byteOffset + blob.byteLength));

const before = (p: Postings, i: number, pi: number, q: Postings, j: number, qj: number) =>
  pi > qj || (pi === qj && (p[i * 3] ?? 0) < (q[j * 3] ?? 0));

/** Sorts postings by impact, best first, ties by rid. */
function sortPostings(p: Postings): Postings {
  const n = p.length / 3;
  const impact = Array.from({ length: n }, (_, i) => postingImpact(p, i));
  const order = [...impact.keys()].sort(
    (a, b) => (impact[b] ?? 0) - (impact[a] ?? 0) || (p[a * 3] ?? 0) - (p[b * 3] ?? 0),
  );
  const out = new Uint32Array(p.length);
  for (const [j, i] of order.entries()) out.set(p.subarray(i * 3, i * 3 + 3), j * 3);
  return out;
}

/**
 * The `size` best of `old` (sorted, see sortPostings) and `added` by impact, ties by rid; an
 * added posting replaces an old one of its row. Linear in the old list: heads are merged often.
 */
export function mergePostings(old: Postings, added: readonly number[], size = HEAD_SIZE): Postings {
  const fresh = sortPostings(Uint32Array.from(added));
  const replaced = new Set<number>();
  for (let j = 0; j < fresh.length; j += 3) replaced.add(fresh[j] ?? 0);
  const out: number[] = [];
  let i = 0;
  let j = 0;
  const n = old.length / 3;
  const m = fresh.length / 3;
  while (out.length < size * 3 && (i < n || j < m)) {
    if (i < n && replaced.has(old[i * 3] ?? 0)) {
      i++;
      continue;
    }
    const takeOld =
      j >= m || (i < n && before(old, i, postingImpact(old, i), fresh, j, postingImpact(fresh, j)));
    const [from, at] = takeOld ? [old, i++] : [fresh, j++];
    out.push(from[at * 3] ?? 0, from[at * 3 + 1] ?? 0, from[at * 3 + 2] ?? 0);
  }
  return Uint32Array.from(out);
}

/** Each term's postings in one row of the FTS index: its counts per column and the row's length. */
export function rowPostings(
  rid: number,
  columns: readonly string[],
  length: number,
  into: Map<string, number[]>,
): void {
  const counts = new Map<string, number>();
  for (const [c, text] of columns.entries())
    for (const t of columnTokens(text)) counts.set(t, (counts.get(t) ?? 0) + (c === 0 ? 0x10000 : 1));
  for (const [t, n] of counts) {
    const packed = Math.min(n >>> 16, COUNT_MAX) * 0x10000 + Math.min(n & COUNT_MAX, COUNT_MAX);
    const list = into.get(t);
    const entry = [rid, packed >>> 0, Math.min(length, 0xffffffff)];
    if (list) list.push(...entry);
    else into.set(t, entry);
  }
}

/** The write side: the watermark, dirty rows, and merging the tail into the heads. */
export class Bm25Heads {
  private readonly readMark: Database.Statement;
  private readonly writeMark: Database.Statement;
  private readonly dirty: Database.Statement;
  private readonly averages: Database.Statement;
  private readonly tailCount: Database.Statement;
  private readonly dirtyCount: Database.Statement;
  private readonly tail: Database.Statement;
  private readonly dirtyRows: Database.Statement;
  private readonly clearDirty: Database.Statement;
  private readonly getHead: Database.Statement;
  private readonly putHead: Database.Statement;

  constructor(private readonly db: Database.Database) {
    this.readMark = db.prepare("SELECT value FROM meta WHERE key = 'bm25_heads_rid'").pluck();
    this.writeMark = db.prepare(
      `INSERT INTO meta (key, value) VALUES ('bm25_heads_rid', ?)
       ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
    );
    this.dirty = db.prepare("INSERT OR IGNORE INTO bm25_heads_dirty (rid) VALUES (?)");
    this.averages = db.prepare("SELECT block FROM text_fts_data WHERE id = 1").pluck();
    this.tailCount = db.prepare("SELECT count(*) FROM text_fts_docsize WHERE id > ?").pluck();
    this.dirtyCount = db.prepare("SELECT count(*) FROM bm25_heads_dirty").pluck();
    const rows = `SELECT c.id AS rid, c.c0 AS c0, c.c1 AS c1, d.sz AS sz FROM text_fts_content c
       JOIN text_fts_docsize d ON d.id = c.id`;
    this.tail = db.prepare(`${rows} WHERE c.id > ? ORDER BY c.id LIMIT ?`);
    this.dirtyRows = db.prepare(`${rows} WHERE c.id IN (SELECT rid FROM bm25_heads_dirty)`);
    this.clearDirty = db.prepare("DELETE FROM bm25_heads_dirty");
    this.getHead = db.prepare("SELECT postings FROM bm25_heads WHERE term = ?").pluck();
    this.putHead = db.prepare(
      `INSERT INTO bm25_heads (term, postings) VALUES (?, ?)
       ON CONFLICT (term) DO UPDATE SET postings = excluded.postings`,
    );
  }

  /** Rows up to this rid are in the heads; 0: no heads (a small store). */
  watermark(): number {
    return Number(this.readMark.get() ?? 0);
  }

  /** Call inside the write transaction when a row at or below the watermark is rewritten. */
  markDirty(rid: number): void {
    this.dirty.run(rid);
  }

  /**
   * Merges the tail (and dirty rows) into the heads once it holds MERGE_ROWS rows and an eighth
   * of those already merged (so a growing store is re-merged a logarithmic number of times);
   * returns the rows merged.
   */
  maintain(minRows = HEADS_MIN_ROWS, mergeRows = MERGE_ROWS): number {
    const block = this.averages.get() as Buffer | undefined;
    const rows = block ? (readVarints(block)[0] ?? 0) : 0;
    if (rows < minRows) return 0;
    let mark = this.watermark();
    const tail = Number(this.tailCount.get(mark));
    const dirty = Number(this.dirtyCount.get());
    if (tail < Math.max(mergeRows, (rows - tail) / 8) && dirty < mergeRows) return 0;
    let merged = 0;
    for (let first = true; ; first = false) {
      const segment = this.db.transaction(() => {
        const into = new Map<string, number[]>();
        const read = [...this.tail.iterate(mark, MERGE_SEGMENT)];
        if (first) read.push(...this.dirtyRows.iterate());
        let fromTail = 0;
        for (const raw of read) {
          const r = RowSchema.parse(raw);
          const length = readVarints(r.sz).reduce((a, b) => a + b, 0);
          rowPostings(r.rid, [r.c0 ?? "", r.c1 ?? ""], length, into);
          if (r.rid > mark) {
            mark = r.rid;
            fromTail++;
          }
        }
        for (const [term, added] of into) {
          const blob = this.getHead.get(term) as Buffer | undefined;
          const old = blob ? decodePostings(blob) : new Uint32Array();
          const next = mergePostings(old, added);
          // A full head that no new row beats is left as it is (most frequent terms, most merges).
          if (next.length === old.length && next.every((v, i) => v === old[i])) continue;
          this.putHead.run(term, Buffer.from(next.buffer, next.byteOffset, next.byteLength));
        }
        if (first) this.clearDirty.run();
        this.writeMark.run(String(mark));
        return fromTail;
      })();
      merged += segment;
      if (segment < MERGE_SEGMENT) return merged;
    }
  }
}
