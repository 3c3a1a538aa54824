import type { CsrGraph } from "./csr-graph.js";

/**
 * Personalized PageRank by forward push (Andersen, Chung & Lang 2006): mass moves out from the
 * seeds only while a node's residual is at least `epsilon`, so the work grows with the seeds'
 * neighbourhood, not with the graph. It solves the same system as personalizedPageRank (mass at
 * nodes without edges returns to the seeds): rank + Σ_u residual(u)·PPR(u) is exact at every
 * step, so the L1 error of `rank` is the residual mass left, `residualMass`.
 */

/** A node's out-edges: targets and weights (any scale; normalised by their sum). */
export interface Neighbours<K> {
  targets: readonly K[] | ArrayLike<K>;
  weights: ArrayLike<number>;
}

export interface PushOptions {
  damping: number;
  /**
   * A node is pushed while its residual is at least epsilon × its number of edges (restart mass
   * sums to 1): as in Andersen–Chung–Lang, a hub must gather mass before it spreads it thinly,
   * so the work is at most 1 / (epsilon · (1 - damping)) edge visits, whatever the graph's size.
   */
  epsilon: number;
  /** Pushes at most (a guard for tiny epsilons on big graphs). */
  maxPushes: number;
}

export const DEFAULT_PUSH: PushOptions = { damping: 0.5, epsilon: 1e-6, maxPushes: 2_000_000 };

/** The walk's state, kept between calls so a caller can load missing adjacency and resume. */
export interface PushState<K> {
  restart: Map<K, number>;
  rank: Map<K, number>;
  residual: Map<K, number>;
  pushes: number;
  /** Nodes waiting to be pushed, first in first out; `head` is the next. Kept across calls. */
  queue: K[];
  head: number;
  queued: Set<K>;
}

/** A state restarting at `seeds` (weights normalised to sum 1; non-positive ones dropped). */
export function pushState<K>(seeds: ReadonlyMap<K, number>): PushState<K> {
  let total = 0;
  for (const w of seeds.values()) if (w > 0) total += w;
  const restart = new Map<K, number>();
  if (total > 0) for (const [node, w] of seeds) if (w > 0) restart.set(node, w / total);
  const queue = [...restart.keys()];
  return {
    restart,
    rank: new Map(),
    residual: new Map(restart),
    pushes: 0,
    queue,
    head: 0,
    queued: new Set(queue),
  };
}

/**
 * Pushes until every residual is below epsilon × degree. `neighbours` returns undefined for a node whose
 * edges are not loaded yet: such nodes keep their residual and are returned, so the caller can
 * fetch them and call again; [] means done (or maxPushes reached). Deterministic: nodes are
 * pushed in first-in, first-out order from the seeds' insertion order, the same order however
 * many calls the loading takes.
 */
export function forwardPush<K>(
  state: PushState<K>,
  neighbours: (node: K) => Neighbours<K> | undefined,
  options: PushOptions = DEFAULT_PUSH,
  /** Degrees known before the edges are (an upper bound is fine): a node below the bar is not asked for. */
  degree?: (node: K) => number | undefined,
): K[] {
  const { rank, residual, restart, queue, queued } = state;
  const d = options.damping;
  const add = (v: K, mass: number) => {
    const r = (residual.get(v) ?? 0) + mass;
    residual.set(v, r);
    if (r >= options.epsilon && !queued.has(v)) {
      queued.add(v);
      queue.push(v);
    }
  };
  // A node's bar is epsilon × its degree: the known degree when given, else its loaded edges.
  // The same bar whether or not the edges are loaded yet, so a cache never changes the walk.
  const belowBar = (v: K, r: number) => {
    const deg = degree?.(v);
    return r < options.epsilon || (deg !== undefined && r < options.epsilon * Math.max(1, deg));
  };
  for (; state.head < queue.length; state.head++) {
    if (state.pushes >= options.maxPushes) break;
    const u = queue[state.head] as K;
    const r = residual.get(u) ?? 0;
    if (belowBar(u, r)) {
      queued.delete(u);
      continue;
    }
    const adj = neighbours(u);
    if (adj === undefined) {
      // Stop here, not skip: after the caller loads the edges the walk resumes at this very node,
      // so it pushes in the same order as with every edge loaded (the same ranks, to the bit,
      // whatever a cache already held). The other waiting nodes' edges are fetched in the same round.
      const missing = new Set<K>([u]);
      for (let i = state.head + 1; i < queue.length; i++) {
        const v = queue[i] as K;
        if (!missing.has(v) && !belowBar(v, residual.get(v) ?? 0) && neighbours(v) === undefined)
          missing.add(v);
      }
      return [...missing];
    }
    queued.delete(u);
    if (degree?.(u) === undefined && r < options.epsilon * Math.max(1, adj.weights.length)) continue;
    state.pushes++;
    residual.set(u, 0);
    rank.set(u, (rank.get(u) ?? 0) + (1 - d) * r);
    let strength = 0;
    for (let e = 0; e < adj.weights.length; e++) strength += adj.weights[e] ?? 0;
    if (strength <= 0) {
      for (const [s, w] of restart) add(s, d * r * w);
      continue;
    }
    const share = (d * r) / strength;
    for (let e = 0; e < adj.weights.length; e++) {
      const w = adj.weights[e] ?? 0;
      if (w > 0) add(adj.targets[e] as K, share * w);
    }
  }
  return [];
}

/** Out-edges of an in-memory CSR graph, as forwardPush reads them (views, no copies). */
export function csrNeighbours(graph: CsrGraph): (node: number) => Neighbours<number> {
  return (u) => {
    const from = graph.offsets[u] ?? 0;
    const to = graph.offsets[u + 1] ?? from;
    return { targets: graph.targets.subarray(from, to), weights: graph.weights.subarray(from, to) };
  };
}

/** Mass not yet pushed: the exact L1 distance between `rank` and the full PPR. */
export function residualMass<K>(state: PushState<K>): number {
  let sum = 0;
  for (const r of state.residual.values()) sum += r;
  return sum;
}
