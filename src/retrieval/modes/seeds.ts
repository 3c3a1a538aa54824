import { userError } from "../../errors.js";
import type { Embedder } from "../../index/embeddings/embedder.js";
import type { GraphStore, ScoredId } from "../../store/graph-store.js";
import { reciprocalRankFusion } from "../fuse.js";

export const SEED_POOL = 100;

export function requireEmbedder(embedder: Embedder | undefined, mode: string): Embedder {
  if (!embedder)
    throw userError("embedder_required", `retrieval mode ${mode} needs an embedder (AGR_EMBEDDER)`);
  return embedder;
}

export async function denseHits(
  store: GraphStore,
  embedder: Embedder,
  question: string,
  kind: string,
  k: number,
) {
  const [vector] = await embedder.embedQueries([question]);
  return vector ? store.searchVectors(vector, { kind, k }) : [];
}

/**
 * Hybrid seeds: BM25 and dense (text and heading vectors) fused by RRF (k = 60). Without an
 * embedder it is BM25 alone, so graph modes still run offline on a store without vectors.
 */
export async function hybridHits(
  store: GraphStore,
  embedder: Embedder | undefined,
  question: string,
  k = SEED_POOL,
): Promise<ScoredId[]> {
  const bm25 = await store.searchText(question, { k });
  if (!embedder) return bm25;
  const [text, heading] = await Promise.all([
    denseHits(store, embedder, question, "text", k),
    denseHits(store, embedder, question, "heading", k),
  ]);
  return reciprocalRankFusion([
    { ids: bm25.map((h) => h.id) },
    { ids: text.map((h) => h.id) },
    { ids: heading.map((h) => h.id), weight: 0.5 },
  ]).slice(0, k);
}
