import type { CsrGraph } from "./csr-graph.js";

export interface PprOptions {
  /** Probability of following an edge; 1 - damping restarts at the seeds (HippoRAG uses 0.5). */
  damping: number;
  maxIterations: number;
  tolerance: number;
}

export const DEFAULT_PPR: PprOptions = { damping: 0.5, maxIterations: 50, tolerance: 1e-8 };

/**
 * Personalized PageRank by power iteration. Pure and deterministic: the same graph and seeds
 * give the same scores. Mass at nodes without edges returns to the seeds.
 */
export function personalizedPageRank(
  graph: CsrGraph,
  seeds: ReadonlyMap<number, number>,
  options: PprOptions = DEFAULT_PPR,
): Float64Array {
  const n = graph.size;
  const restart = new Float64Array(n);
  let total = 0;
  for (const [node, w] of seeds) if (node >= 0 && node < n && w > 0) total += w;
  if (total === 0) return new Float64Array(n);
  for (const [node, w] of seeds)
    if (node >= 0 && node < n && w > 0) restart[node] = (restart[node] ?? 0) + w / total;
  const strength = new Float64Array(n);
  for (let u = 0; u < n; u++) {
    let s = 0;
    for (let e = graph.offsets[u] ?? 0; e < (graph.offsets[u + 1] ?? 0); e++) s += graph.weights[e] ?? 0;
    strength[u] = s;
  }
  let rank = restart.slice();
  for (let it = 0; it < options.maxIterations; it++) {
    const next = new Float64Array(n);
    let dangling = 0;
    for (let u = 0; u < n; u++) {
      const r = rank[u] ?? 0;
      if (r === 0) continue;
      const s = strength[u] ?? 0;
      if (s === 0) {
        dangling += r;
        continue;
      }
      const share = (options.damping * r) / s;
      for (let e = graph.offsets[u] ?? 0; e < (graph.offsets[u + 1] ?? 0); e++) {
        const v = graph.targets[e] ?? 0;
        next[v] = (next[v] ?? 0) + share * (graph.weights[e] ?? 0);
      }
    }
    const back = 1 - options.damping + options.damping * dangling;
    let delta = 0;
    for (let u = 0; u < n; u++) {
      next[u] = (next[u] ?? 0) + back * (restart[u] ?? 0);
      delta += Math.abs((next[u] ?? 0) - (rank[u] ?? 0));
    }
    rank = next;
    if (delta < options.tolerance) break;
  }
  return rank;
}
