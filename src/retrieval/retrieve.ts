import { userError } from "../errors.js";
import type { Embedder } from "../index/embeddings/embedder.js";
import type { GraphStore } from "../store/graph-store.js";
import type { RetrievalMode, RetrievedChunk } from "./retrieval-mode.js";

export interface RetrieveContext {
  store: GraphStore;
  /** Required by the dense, hybrid, graph and ppr modes. */
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
  switch (options.mode) {
    case "bm25":
      return withSections(ctx.store, await ctx.store.searchText(question, { k: options.k }));
    default:
      throw userError("mode_unavailable", `retrieval mode ${options.mode} is not available in this build`);
  }
}

async function withSections(
  store: GraphStore,
  hits: ReadonlyArray<{ id: string; score: number }>,
): Promise<RetrievedChunk[]> {
  const nodes = new Map((await store.getNodes(hits.map((h) => h.id))).map((n) => [n.id, n]));
  return hits.flatMap((h) => {
    const n = nodes.get(h.id);
    return n?.label === "Chunk"
      ? [{ chunk_id: n.id, section_id: n.section_id, doc_id: n.doc_id, score: h.score }]
      : [];
  });
}
