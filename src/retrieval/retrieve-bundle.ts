import type { RetrievalFilter } from "../domain/retrieval-filter.js";
import type { Embedder } from "../index/embeddings/embedder.js";
import type { GraphStore } from "../store/graph-store.js";
import { buildBundle } from "./build-bundle.js";
import type { ContextBundle } from "./context-bundle.js";
import type { RetrievalMode } from "./retrieval-mode.js";
import { retrieve } from "./retrieve.js";

export interface BundleRequest {
  mode: RetrievalMode;
  /** Candidates ranked before packing. */
  k: number;
  /** Token budget of the bundle. */
  budget: number;
  /** Structure expansion (parents, siblings, tables/code, cross references). */
  expand: boolean;
  /** Only chunks the filter allows are ranked and cited (see RetrievalFilter). */
  filter?: RetrievalFilter;
}

/** Question → ranked chunks → cited, token-budgeted ContextBundle: `agr retrieve` and `POST /v1/retrieve`. */
export async function retrieveBundle(
  ctx: { store: GraphStore; embedder?: Embedder | undefined },
  question: string,
  request: BundleRequest,
): Promise<ContextBundle> {
  const ranked = await retrieve(
    { store: ctx.store, ...(ctx.embedder ? { embedder: ctx.embedder } : {}) },
    question,
    {
      mode: request.mode,
      k: request.k,
      expand: request.expand,
      ...(request.filter ? { filter: request.filter } : {}),
    },
  );
  return buildBundle(ctx.store, question, request.mode, ranked, request.budget);
}
