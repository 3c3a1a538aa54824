import type { Embedder } from "./embedder.js";

/** Wraps an embedder and counts the passages it was asked to embed. */
export function countingEmbedder(inner: Embedder): Embedder & { passages: string[] } {
  const passages: string[] = [];
  return {
    id: inner.id,
    dim: inner.dim,
    kind: inner.kind,
    passages,
    embedQueries: (texts) => inner.embedQueries(texts),
    embedPassages: (texts) => {
      passages.push(...texts);
      return inner.embedPassages(texts);
    },
  };
}

/** An embedder whose every call fails like an API over quota. */
export function failingEmbedder(inner: Embedder, message = "429 You exceeded your current quota"): Embedder {
  const fail = async (): Promise<Float32Array[]> => {
    throw new Error(message);
  };
  return { id: inner.id, dim: inner.dim, kind: inner.kind, embedQueries: fail, embedPassages: fail };
}
