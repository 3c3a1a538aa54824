import type Database from "better-sqlite3";
import { exactSearch, MetricKind } from "usearch";
import { z } from "zod";
import type { ScoredId } from "../graph-store.js";

const MatrixRowSchema = z.object({
  rid: z.number().int().nonnegative(),
  id: z.string(),
  doc_id: z.string(),
  vec: z.instanceof(Buffer),
});

/**
 * All vectors of one kind, loaded once into one Float32Array (row-major, `dim` floats a row).
 * `keys` are the nodes' rids: stable integers that also key the approximate index.
 */
export interface VectorMatrix {
  readonly kind: string;
  readonly dim: number;
  /** The vectors generation (see VectorTable) this matrix was read at. */
  readonly generation: number;
  readonly size: number;
  readonly ids: readonly string[];
  readonly keys: Float64Array;
  /** Never a view at an offset: usearch's exactSearch ignores byteOffset. */
  readonly data: Float32Array;
  readonly rowOfKey: ReadonlyMap<number, number>;
  readonly rowsOfDoc: ReadonlyMap<string, readonly number[]>;
}

/** Reads the vectors of `kind` whose node exists; rows of another dimension are skipped. */
export function loadMatrix(
  db: Database.Database,
  kind: string,
  dim: number,
  generation: number,
): VectorMatrix {
  const from = "FROM vectors v JOIN nodes n ON n.id = v.id WHERE v.kind = ?";
  // BLOBs of 1.5 KB spill to overflow pages: reading them through a memory map is ~4x faster
  // than through read() calls. Scoped to this load; the connection's setting is restored.
  const previousMmap = Number(db.pragma("mmap_size", { simple: true }));
  db.pragma(`mmap_size = ${2 ** 31}`);
  try {
    return readRows(db, from, kind, dim, generation);
  } finally {
    db.pragma(`mmap_size = ${previousMmap}`);
  }
}

function readRows(
  db: Database.Database,
  from: string,
  kind: string,
  dim: number,
  generation: number,
): VectorMatrix {
  return db.transaction(() => {
    const total = Number(db.prepare(`SELECT count(*) ${from}`).pluck().get(kind));
    const data = new Float32Array(total * dim);
    const keys = new Float64Array(total);
    const ids: string[] = [];
    const rowOfKey = new Map<number, number>();
    const rowsOfDoc = new Map<string, number[]>();
    const rows = db.prepare(`SELECT n.rid AS rid, v.id AS id, v.doc_id AS doc_id, v.vec AS vec ${from}`);
    // Streamed row by row: a big kind never sits in memory twice (BLOBs and matrix).
    for (const raw of rows.iterate(kind)) {
      const r = MatrixRowSchema.parse(raw);
      const i = ids.length;
      if (r.vec.byteLength !== dim * 4) continue;
      if (i >= total) break;
      // Copy through a byte view: BLOB buffers are not always 4-byte aligned.
      new Uint8Array(data.buffer, i * dim * 4, dim * 4).set(r.vec);
      keys[i] = r.rid;
      ids.push(r.id);
      rowOfKey.set(r.rid, i);
      const docRows = rowsOfDoc.get(r.doc_id);
      if (docRows) docRows.push(i);
      else rowsOfDoc.set(r.doc_id, [i]);
    }
    const size = ids.length;
    const full = size === total;
    return {
      kind,
      dim,
      generation,
      size,
      ids,
      rowOfKey,
      rowsOfDoc,
      keys: full ? keys : keys.slice(0, size),
      data: full ? data : data.slice(0, size * dim),
    };
  })();
}

export function dotRow(m: VectorMatrix, row: number, q: Float32Array): number {
  const { data, dim } = m;
  const o = row * dim;
  let dot = 0;
  for (let i = 0; i < dim; i++) dot += (data[o + i] ?? 0) * (q[i] ?? 0);
  return dot;
}

/** Exact scores for candidate rows, best first, ties by id (the order every path returns). */
export function rankRows(m: VectorMatrix, rows: Iterable<number>, q: Float32Array, k: number): ScoredId[] {
  const hits: ScoredId[] = [];
  for (const row of rows) hits.push({ id: m.ids[row] ?? "", score: dotRow(m, row, q) });
  hits.sort((a, b) => b.score - a.score || a.id.localeCompare(b.id));
  return hits.slice(0, k);
}

/** Candidates beyond k so that ties at the cut are ordered by id as before. */
const TIE_MARGIN = 16;

/**
 * Exact top-k rows by inner product (= cosine on normalised vectors) over the whole matrix,
 * with usearch's SIMD brute force (about 10x a JS loop), re-scored in JS for stable scores.
 */
export function topRowsExact(m: VectorMatrix, q: Float32Array, count: number): number[] {
  const n = Math.min(m.size, count);
  if (n === 0) return [];
  // The native call ignores a typed array's byteOffset: hand it a fresh, unshared copy.
  const query = q.byteOffset === 0 && q.length === m.dim ? q : q.slice(0, m.dim);
  const { keys } = exactSearch(m.data, query, m.dim, n, MetricKind.IP, 1);
  return Array.from(keys, Number);
}

export function searchExact(
  m: VectorMatrix,
  q: Float32Array,
  k: number,
  docIds?: readonly string[],
): ScoredId[] {
  if (k <= 0 || m.size === 0) return [];
  if (!docIds) return rankRows(m, topRowsExact(m, q, k + TIE_MARGIN), q, k);
  const allowed: number[] = [];
  for (const doc of new Set(docIds)) for (const row of m.rowsOfDoc.get(doc) ?? []) allowed.push(row);
  return searchRows(m, q, k, allowed);
}

/** Exact top k among the matrix rows of the given keys (rids): a filter's chunks. */
export function searchKeys(m: VectorMatrix, q: Float32Array, k: number, keys: Iterable<number>): ScoredId[] {
  if (k <= 0 || m.size === 0) return [];
  const rows: number[] = [];
  for (const key of keys) {
    const row = m.rowOfKey.get(key);
    if (row !== undefined) rows.push(row);
  }
  return searchRows(m, q, k, rows);
}

/** Exact top k among `allowed` rows: every allowed row is scored or beaten, so the list is full. */
function searchRows(m: VectorMatrix, q: Float32Array, k: number, allowed: readonly number[]): ScoredId[] {
  // A narrow filter is cheapest as a JS loop over its rows; a broad one over-fetches from SIMD.
  if (allowed.length * 8 <= m.size) return rankRows(m, allowed, q, k);
  const inFilter = new Set(allowed);
  const want = k + TIE_MARGIN;
  let count = Math.ceil((want * m.size * 2) / Math.max(1, allowed.length));
  for (;;) {
    const rows = topRowsExact(m, q, count).filter((r) => inFilter.has(r));
    if (rows.length >= want || count >= m.size) return rankRows(m, rows, q, k);
    count = m.size;
  }
}
