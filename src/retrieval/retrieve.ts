import type { Embedder } from "../index/embeddings/embedder.js";
import type { GraphStore, ScoredId } from "../store/graph-store.js";
import { graphRank } from "./modes/graph-rank.js";
import { pprRank } from "./modes/ppr-rank.js";
import { denseHits, hybridHits, requireEmbedder } from "./modes/seeds.js";
import type { RetrievalMode, RetrievedChunk } from "./retrieval-mode.js";

export interface RetrieveContext {
  store: GraphStore;
  /** Required by dense; hybrid, graph and ppr use it when present (BM25 seeds otherwise). */
  embedder?: Embedder;
}

export interface RetrieveOptions {
  mode: RetrievalMode;
  k: number;
}

/** Ranked chunks for a question; every mode returns the same shape so evals can compare them. */
export async function retrieve(
  ctx: RetrieveContext,
  question: string,
  options: RetrieveOptions,
): Promise<RetrievedChunk[]> {
  const { store, embedder } = ctx;
  const { k } = options;
  const hits = await rank();
  return withSections(store, hits);

  async function rank(): Promise<ScoredId[]> {
    switch (options.mode) {
      case "bm25":
        return store.searchText(question, { k });
      case "dense":
        return denseHits(store, requireEmbedder(embedder, "dense"), question, "text", k);
      case "hybrid":
        return hybridHits(store, embedder, question, k);
      case "ppr":
        return (await pprRank(store, embedder, question, k)).ranked;
      case "graph":
        return graphRank(store, embedder, question, k);
    }
  }
}

async function withSections(store: GraphStore, hits: readonly ScoredId[]): Promise<RetrievedChunk[]> {
  const nodes = new Map((await store.getNodes(hits.map((h) => h.id))).map((n) => [n.id, n]));
  return hits.flatMap((h) => {
    const n = nodes.get(h.id);
    return n?.label === "Chunk"
      ? [{ chunk_id: n.id, section_id: n.section_id, doc_id: n.doc_id, score: h.score }]
      : [];
  });
}
