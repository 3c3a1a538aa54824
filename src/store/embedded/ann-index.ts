import { Index, MetricKind, ScalarKind } from "usearch";
import type { ScoredId } from "../graph-store.js";
import { rankRows, type VectorMatrix } from "./vector-matrix.js";

export interface AnnParams {
  /** HNSW links per node (M). */
  connectivity: number;
  /** Candidate list while inserting (efConstruction). */
  expansionAdd: number;
  /** Candidate list while searching (ef); raised to the over-fetched count when smaller. */
  expansionSearch: number;
  /** Storage of the index's own copy of the vectors; results are always re-scored in f32. */
  quantization: "f32" | "f16" | "i8";
  /** Candidates fetched per wanted result before exact re-scoring. */
  overFetch: number;
}

/**
 * Chosen on MiniLM embeddings of the 2Wiki corpus, scaled to 100k with noisy copies: recall@10
 * 0.986 at ~1 ms a query (ef 128 at search: 0.93). f16 halves the index's memory; i8 built 1.7x
 * faster at the same recall there, but its fixed [-1, 1] scale wastes precision on many models.
 */
export const DEFAULT_ANN_PARAMS: AnnParams = {
  connectivity: 16,
  expansionAdd: 128,
  expansionSearch: 256,
  quantization: "f16",
  overFetch: 3,
};

/** Fingerprint of one row's bytes (two 32-bit FNV-1a lanes folded into a safe integer). */
export function rowHash(m: VectorMatrix, row: number): number {
  const words = new Uint32Array(m.data.buffer, m.data.byteOffset + row * m.dim * 4, m.dim);
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (const w of words) {
    a = Math.imul(a ^ w, 0x01000193) >>> 0;
    b = Math.imul(b ^ (w >>> 7), 0x811c9dc5) >>> 0;
  }
  return a * 0x200000 + (b & 0x1fffff);
}

/** The key → fingerprint of every vector in the index, so a newer matrix can be applied as a diff. */
export type Fingerprints = Map<number, number>;

export function fingerprintsOf(m: VectorMatrix): Fingerprints {
  const out: Fingerprints = new Map();
  for (let row = 0; row < m.size; row++) out.set(m.keys[row] ?? 0, rowHash(m, row));
  return out;
}

export interface SyncResult {
  added: number;
  removed: number;
}

/**
 * An HNSW index (usearch, inner product over normalised vectors) keyed by node rid, kept in
 * step with the vectors table by diffing fingerprints, never trusted blindly. Identical vectors
 * (every chunk of a section shares its heading vector) are indexed once, under one member's key.
 */
export class AnnIndex {
  /** Removed slots since the last full build; HNSW quality decays as they pile up. */
  private tombstones = 0;
  /** Keys per fingerprint, and which of them stands for the group in the HNSW graph. */
  private readonly members = new Map<number, Set<number>>();
  private readonly indexed = new Map<number, number>();

  private constructor(
    private readonly index: Index,
    private readonly params: AnnParams,
    readonly fingerprints: Fingerprints,
  ) {}

  static create(dim: number, params: AnnParams): AnnIndex {
    return new AnnIndex(usearchIndex(dim, params), params, new Map());
  }

  /** Reads a saved index; the caller must `sync` it against the current matrix before use. */
  static load(file: string, dim: number, params: AnnParams, fingerprints: Fingerprints): AnnIndex | null {
    const ann = AnnIndex.create(dim, params);
    ann.index.load(file);
    if (ann.index.dimensions() !== dim) return null;
    const keys = [...fingerprints.keys()];
    const inGraph = keys.length > 0 ? ann.index.contains(BigUint64Array.from(keys, BigInt)) : [];
    for (const [i, key] of keys.entries()) {
      const hash = fingerprints.get(key) ?? 0;
      ann.join(key, hash);
      if (Array.isArray(inGraph) && inGraph[i]) ann.indexed.set(hash, key);
    }
    // Exactly one graph entry per distinct vector, or the files do not belong together.
    if (ann.indexed.size !== ann.members.size || ann.index.size() !== ann.indexed.size) return null;
    return ann;
  }

  get size(): number {
    return this.fingerprints.size;
  }

  /**
   * True when building afresh beats patching: removed slots (past and about to be made by
   * syncing to `current`) would exceed a quarter of the index, where HNSW quality decays.
   */
  needsRebuild(current: Fingerprints): boolean {
    let pending = 0;
    for (const [key, hash] of this.fingerprints) if (current.get(key) !== hash) pending++;
    return this.tombstones + pending > Math.max(1000, current.size / 4);
  }

  /** Applies the difference between the indexed vectors and `m`; returns keys added and removed. */
  sync(m: VectorMatrix, current: Fingerprints = fingerprintsOf(m)): SyncResult {
    const touched = new Set<number>();
    let removed = 0;
    let added = 0;
    for (const [key, hash] of this.fingerprints) {
      if (current.get(key) === hash) continue;
      this.leave(key, hash);
      touched.add(hash);
      removed++;
    }
    for (const [key, hash] of current) {
      if (this.fingerprints.get(key) === hash) continue;
      this.join(key, hash);
      touched.add(hash);
      added++;
    }
    // A group whose representative left gets a new one (or leaves the graph when empty).
    const out: number[] = [];
    const inRows: number[] = [];
    for (const hash of touched) {
      const rep = this.indexed.get(hash);
      const group = this.members.get(hash);
      if (rep !== undefined && group?.has(rep)) continue;
      if (rep !== undefined) out.push(rep);
      this.indexed.delete(hash);
      const next = group?.values().next().value;
      if (next === undefined) continue;
      this.indexed.set(hash, next);
      inRows.push(m.rowOfKey.get(next) ?? 0);
    }
    if (out.length > 0) {
      this.index.remove(BigUint64Array.from(out, BigInt));
      this.tombstones += out.length;
    }
    if (inRows.length > 0) {
      const vectors = new Float32Array(inRows.length * m.dim);
      for (const [i, row] of inRows.entries()) {
        vectors.set(m.data.subarray(row * m.dim, (row + 1) * m.dim), i * m.dim);
      }
      // One thread: two were no faster on these 2 cores, and one keeps the graph deterministic.
      this.index.add(
        BigUint64Array.from(inRows, (row) => BigInt(m.keys[row] ?? 0)),
        vectors,
        1,
      );
    }
    return { added, removed };
  }

  /** Approximate candidates (with their identical twins), re-scored exactly against `m`. */
  search(m: VectorMatrix, q: Float32Array, k: number): ScoredId[] {
    const rows: number[] = [];
    for (const key of this.candidates(q, m.dim, k)) {
      const row = m.rowOfKey.get(key);
      if (row !== undefined) rows.push(row);
    }
    return rankRows(m, rows, q, k);
  }

  /** Keys of the approximate nearest vectors (over-fetched, with their identical twins), to re-score. */
  candidates(q: Float32Array, dim: number, k: number): number[] {
    return this.nearest(q, dim, k).map((c) => c.key);
  }

  /**
   * The same candidates with usearch's own similarity (1 - inner-product distance, over its
   * quantized copy of the vectors): close to the exact score, enough to choose which to re-score.
   */
  nearest(q: Float32Array, dim: number, k: number): Array<{ key: number; score: number }> {
    if (k <= 0 || this.indexed.size === 0) return [];
    const fetch = Math.min(this.indexed.size, Math.max(k * this.params.overFetch, k + 10));
    // The native call ignores a typed array's byteOffset: hand it an unshared copy.
    const query = q.byteOffset === 0 && q.length === dim ? q : q.slice(0, dim);
    const found = this.index.search(query, fetch, 1);
    const out: Array<{ key: number; score: number }> = [];
    for (const [i, key] of found.keys.entries()) {
      const score = 1 - (found.distances[i] ?? 1);
      for (const member of this.members.get(this.fingerprints.get(Number(key)) ?? -1) ?? [])
        out.push({ key: member, score });
    }
    return out;
  }

  save(file: string): void {
    this.index.save(file);
  }

  private join(key: number, hash: number): void {
    this.fingerprints.set(key, hash);
    const group = this.members.get(hash);
    if (group) group.add(key);
    else this.members.set(hash, new Set([key]));
  }

  private leave(key: number, hash: number): void {
    this.fingerprints.delete(key);
    const group = this.members.get(hash);
    group?.delete(key);
    if (group?.size === 0) this.members.delete(hash);
  }
}

const SCALARS = { f32: ScalarKind.F32, f16: ScalarKind.F16, i8: ScalarKind.I8 } as const;

/** An empty usearch index (inner product) with these parameters: built into, loaded or viewed. */
export function usearchIndex(dim: number, params: AnnParams): Index {
  return new Index({
    dimensions: dim,
    metric: MetricKind.IP,
    quantization: SCALARS[params.quantization],
    connectivity: params.connectivity,
    expansion_add: params.expansionAdd,
    expansion_search: params.expansionSearch,
    multi: false,
  });
}
