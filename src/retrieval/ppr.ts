/** A weighted graph in compressed sparse row form; each edge is stored in both directions. */
export interface CsrGraph {
  size: number;
  offsets: Int32Array;
  targets: Int32Array;
  weights: Float64Array;
}

/** Edges are [a, b, weight a→b, weight b→a (defaults to a→b)]. */
export function buildCsr(
  size: number,
  edges: ReadonlyArray<readonly [number, number, number] | readonly [number, number, number, number]>,
): CsrGraph {
  const degree = new Int32Array(size + 1);
  for (const [a, b] of edges) {
    degree[a + 1] = (degree[a + 1] ?? 0) + 1;
    degree[b + 1] = (degree[b + 1] ?? 0) + 1;
  }
  const offsets = new Int32Array(size + 1);
  for (let i = 0; i < size; i++) offsets[i + 1] = (offsets[i] ?? 0) + (degree[i + 1] ?? 0);
  const fill = offsets.slice(0, size);
  const targets = new Int32Array(offsets[size] ?? 0);
  const weights = new Float64Array(offsets[size] ?? 0);
  const put = (from: number, to: number, w: number) => {
    const at = fill[from] ?? 0;
    targets[at] = to;
    weights[at] = w;
    fill[from] = at + 1;
  };
  for (const [a, b, w, back] of edges) {
    put(a, b, w);
    put(b, a, back ?? w);
  }
  return { size, offsets, targets, weights };
}

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
