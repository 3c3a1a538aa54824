import type { Embedder } from "../../src/index/embeddings/embedder.js";

/**
 * The reader's similarity step over the store's embedder: the question as a query, each text as a
 * passage (cut short: a sentence's meaning is in its first words), cosine by dot product of the
 * normalised vectors.
 */
export function embedderSimilarity(embedder: Embedder, maxChars = 300) {
  return async (question: string, texts: readonly string[]): Promise<number[]> => {
    const [q] = await embedder.embedQueries([question]);
    const vs = await embedder.embedPassages(texts.map((t) => t.slice(0, maxChars)));
    return vs.map((v) => (q ? v.reduce((s, x, i) => s + x * (q[i] ?? 0), 0) : 0));
  };
}
