import type { ChunkNode } from "../../src/domain/chunk.js";
import type { RetrievalFilter } from "../../src/domain/retrieval-filter.js";
import type { GraphStore } from "../../src/store/graph-store.js";

/**
 * The chunks of a BM25 search, best first, inside the run's scope: what the question's words find,
 * read as text by the question's own checks (its capitals, a stated count), not ranked as evidence.
 */
export async function wordSearchChunks(
  store: GraphStore,
  query: string,
  k: number,
  filter?: RetrievalFilter,
): Promise<ChunkNode[]> {
  const hits = await store.searchText(query, { k, ...(filter ? { filter } : {}) });
  if (hits.length === 0) return [];
  const nodes = new Map((await store.getNodes(hits.map((h) => h.id))).map((n) => [n.id, n]));
  return hits.flatMap((h) => {
    const n = nodes.get(h.id);
    return n?.label === "Chunk" ? [n] : [];
  });
}
