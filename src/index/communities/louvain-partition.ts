import { UndirectedGraph } from "graphology";
import louvainModule from "graphology-communities-louvain";
import type { WeightedPairs } from "./weighted-pairs.js";

/**
 * The slice of graphology used here, typed locally: graphology's typings need the
 * graphology-types peer package, which is not installed. Louvain is CommonJS, so Node hands
 * the function over as the module itself.
 */
interface WeightedGraph {
  addNode(node: string): void;
  addEdge(a: string, b: string, attributes: { weight: number }): void;
  readonly size: number;
}
const Graph = UndirectedGraph as unknown as new (options: {
  multi: boolean;
  allowSelfLoops: boolean;
}) => WeightedGraph;
const louvain = louvainModule as unknown as (
  graph: WeightedGraph,
  options: { getEdgeWeight: string; resolution: number; rng: () => number },
) => Record<string, number>;

/** mulberry32: a tiny seeded PRNG so Louvain's random tie-breaking gives the same partition every run. */
export function seededRng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Louvain communities over an undirected weighted graph, deterministic for the same input
 * (nodes and edges added in sorted order, seeded RNG). Returns groups of ≥ minSize members,
 * largest first, members sorted; nodes without edges belong to no community.
 */
export function louvainGroups(
  pairs: WeightedPairs,
  options: { seed?: number; resolution?: number; minSize?: number } = {},
): string[][] {
  const graph = new Graph({ multi: false, allowSelfLoops: false });
  const edges = [...pairs.entries()].sort((x, y) =>
    x.a === y.a ? (x.b < y.b ? -1 : 1) : x.a < y.a ? -1 : 1,
  );
  const nodes = [...new Set(edges.flatMap((e) => [e.a, e.b]))].sort();
  for (const n of nodes) graph.addNode(n);
  for (const e of edges) graph.addEdge(e.a, e.b, { weight: e.weight });
  if (graph.size === 0) return [];
  const mapping = louvain(graph, {
    getEdgeWeight: "weight",
    resolution: options.resolution ?? 1,
    rng: seededRng(options.seed ?? 42),
  });
  const groups = new Map<number, string[]>();
  for (const n of nodes) {
    const c = mapping[n] as number;
    const g = groups.get(c);
    if (g) g.push(n);
    else groups.set(c, [n]);
  }
  const minSize = options.minSize ?? 2;
  return [...groups.values()]
    .filter((g) => g.length >= minSize)
    .sort((x, y) => y.length - x.length || ((x[0] as string) < (y[0] as string) ? -1 : 1));
}
