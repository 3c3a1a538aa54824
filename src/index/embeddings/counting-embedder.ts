import type { Embedder } from "./embedder.js";

export interface EmbedCounts {
  /** Passage texts sent to the model (cache misses only reach it). */
  passages: number;
  queries: number;
}

/**
 * The same embedder, counting the texts it embeds: how a report proves that re-indexing an
 * unchanged corpus embedded nothing.
 */
export function countingEmbedder(inner: Embedder): { embedder: Embedder; counts: EmbedCounts } {
  const counts: EmbedCounts = { passages: 0, queries: 0 };
  const embedder: Embedder = {
    id: inner.id,
    dim: inner.dim,
    kind: inner.kind,
    embedQueries: async (texts) => {
      counts.queries += texts.length;
      return inner.embedQueries(texts);
    },
    embedPassages: async (texts) => {
      counts.passages += texts.length;
      return inner.embedPassages(texts);
    },
    ...(inner.close ? { close: () => inner.close?.() ?? Promise.resolve() } : {}),
  };
  return { embedder, counts };
}
