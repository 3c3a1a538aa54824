import type { ChunkNode } from "../../domain/chunk.js";
import type { GraphEdge } from "../../domain/graph-edge.js";
import type { GraphStore, ScoredId } from "../../store/graph-store.js";

type ChunkRef = Pick<ChunkNode, "id" | "doc_id" | "section_id">;

/**
 * SIMILAR_TO edges Chunk → Chunk from each chunk's nearest neighbours (props.weight = cosine):
 * at most k per chunk, never to itself, only positive similarities. Deterministic order. Pure.
 */
export function knnEdges(
  chunks: readonly ChunkRef[],
  neighbours: ReadonlyMap<string, readonly ScoredId[]>,
  k: number,
): GraphEdge[] {
  const known = new Set(chunks.map((c) => c.id));
  const edges: GraphEdge[] = [];
  for (const c of chunks) {
    const near = (neighbours.get(c.id) ?? [])
      .filter((n) => n.id !== c.id && known.has(n.id) && n.score > 0)
      .sort((a, b) => b.score - a.score || a.id.localeCompare(b.id))
      .slice(0, k);
    for (const n of near) {
      edges.push({
        src: c.id,
        type: "SIMILAR_TO",
        dst: n.id,
        section_id: c.section_id,
        doc_id: c.doc_id,
        props: { weight: Number(Math.min(1, n.score).toFixed(6)) },
      });
    }
  }
  return edges;
}

/**
 * The kNN chunk graph over the stored "text" vectors: each chunk's vector is read back from the
 * store and searched with the store's vector search, so large stores use its ANN index. Replaces the previous SIMILAR_TO edges in one write.
 * Without vectors (AGR_EMBEDDER=none) there is no graph.
 */
export async function buildKnnGraph(
  store: GraphStore,
  chunks: readonly ChunkNode[],
  k: number,
): Promise<GraphEdge[]> {
  const neighbours = new Map<string, ScoredId[]>();
  const BATCH = 512;
  for (let i = 0; i < chunks.length; i += BATCH) {
    const part = chunks.slice(i, i + BATCH);
    const vectors = await store.vectorsOf(
      part.map((c) => c.id),
      "text",
    );
    for (const c of part) {
      const vector = vectors.get(c.id);
      if (vector) neighbours.set(c.id, await store.searchVectors(vector, { kind: "text", k: k + 1 }));
    }
  }
  const edges = knnEdges(chunks, neighbours, k);
  await store.write({ deleteEdges: [{ type: "SIMILAR_TO" }], edges });
  return edges;
}
