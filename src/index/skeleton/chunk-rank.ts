import { buildCsr } from "../../domain/graph-algorithms/csr-graph.js";
import { personalizedPageRank } from "../../domain/graph-algorithms/personalized-page-rank.js";
import type { GraphEdge } from "../../domain/graph-edge.js";

/**
 * PageRank (uniform restart, damping 0.85) over the kNN chunk graph, edges both ways with
 * their cosine weight: a chunk many others resemble is central to the corpus (KET-RAG's
 * skeleton criterion). Pure.
 */
export function chunkPageRank(
  chunkIds: readonly string[],
  similar: ReadonlyArray<Pick<GraphEdge, "src" | "dst" | "props">>,
): Map<string, number> {
  const index = new Map(chunkIds.map((id, i) => [id, i]));
  const edges: Array<[number, number, number]> = [];
  for (const e of similar) {
    const a = index.get(e.src);
    const b = index.get(e.dst);
    if (a !== undefined && b !== undefined && a !== b) edges.push([a, b, e.props.weight ?? 1]);
  }
  const uniform = new Map(chunkIds.map((_, i) => [i, 1]));
  const rank = personalizedPageRank(buildCsr(chunkIds.length, edges), uniform, {
    damping: 0.85,
    maxIterations: 100,
    tolerance: 1e-10,
  });
  return new Map(chunkIds.map((id, i) => [id, rank[i] ?? 0]));
}

/**
 * The skeleton: the top ceil(β·n) chunks by rank (ties in the given order, e.g. reading order).
 * β = 0 selects none, β = 1 all. Pure.
 */
export function selectSkeleton(
  chunkIds: readonly string[],
  rank: ReadonlyMap<string, number>,
  beta: number,
): string[] {
  const n = Math.ceil(Math.max(0, Math.min(1, beta)) * chunkIds.length - 1e-9);
  return chunkIds
    .map((id, i) => ({ id, i, r: rank.get(id) ?? 0 }))
    .sort((a, b) => b.r - a.r || a.i - b.i)
    .slice(0, n)
    .map((x) => x.id);
}
