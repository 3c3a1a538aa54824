import type { Index } from "usearch";
import { readSavedAnn } from "./ann-file.js";
import { type AnnParams, usearchIndex } from "./ann-index.js";

/**
 * A saved HNSW file mapped read-only (usearch's view: pages are read as searches touch them),
 * for a store opened by a process that has not read its vectors: the first query does not wait
 * for the file to be loaded or for a map per vector to be built. Identical vectors are indexed
 * once (ann-index.ts): the few groups of them are kept, every other key stands for itself.
 * Read-only: the checked path (AnnIndex) patches or rebuilds when the vectors change.
 */
export class AnnView {
  private constructor(
    private readonly index: Index,
    readonly size: number,
    private readonly groupOf: ReadonlyMap<number, readonly number[]>,
    private readonly overFetch: number,
  ) {}

  /** The view of a whole file saved at `stamp` with these parameters, or null. */
  static open(file: string, dim: number, params: AnnParams, stamp: string): AnnView | null {
    try {
      const saved = readSavedAnn(file, dim, params, stamp);
      if (!saved) return null;
      const index = usearchIndex(dim, params);
      index.view(file);
      if (index.dimensions() !== dim) return null;
      return new AnnView(index, saved.pairs.length / 2, groups(saved.pairs), params.overFetch);
    } catch {
      return null;
    }
  }

  /** As AnnIndex.nearest: over-fetched candidates with usearch's scores, identical twins included. */
  nearest(q: Float32Array, dim: number, k: number): Array<{ key: number; score: number }> {
    if (k <= 0 || this.size === 0) return [];
    const fetch = Math.min(this.size, Math.max(k * this.overFetch, k + 10));
    // The native call ignores a typed array's byteOffset: hand it an unshared copy.
    const query = q.byteOffset === 0 && q.length === dim ? q : q.slice(0, dim);
    const found = this.index.search(query, fetch, 1);
    const out: Array<{ key: number; score: number }> = [];
    for (const [i, raw] of found.keys.entries()) {
      const key = Number(raw);
      const score = 1 - (found.distances[i] ?? 1);
      for (const member of this.groupOf.get(key) ?? [key]) out.push({ key: member, score });
    }
    return out;
  }
}

/**
 * Key → all keys of its vector, for the keys whose vector is shared (found by sorting the
 * fingerprints natively: a Map of a million entries took seconds).
 */
function groups(pairs: Float64Array): Map<number, number[]> {
  const fps = new Float64Array(pairs.length / 2);
  for (let i = 0; i < fps.length; i++) fps[i] = pairs[i * 2 + 1] ?? 0;
  fps.sort();
  const shared = new Set<number>();
  for (let i = 1; i < fps.length; i++) if (fps[i] === fps[i - 1]) shared.add(fps[i] ?? 0);
  const byFp = new Map<number, number[]>();
  const out = new Map<number, number[]>();
  if (shared.size === 0) return out;
  for (let i = 0; i + 1 < pairs.length; i += 2) {
    const fp = pairs[i + 1] ?? 0;
    if (!shared.has(fp)) continue;
    const group = byFp.get(fp) ?? [];
    if (group.length === 0) byFp.set(fp, group);
    group.push(pairs[i] ?? 0);
    out.set(pairs[i] ?? 0, group);
  }
  return out;
}
