import { describe, expect, it } from "vitest";
import type { Embedder } from "../../src/index/embeddings/embedder.js";
import { embedderSimilarity } from "./embedder-similarity.js";

// A stand-in with fixed unit vectors: the adapter's arithmetic, not a model, is under test here.
const axis = (i: number) => Float32Array.from([0, 1, 2], (j) => (j === i ? 1 : 0));
const embedder: Embedder = {
  id: "axes",
  dim: 3,
  kind: "neural",
  embedQueries: async () => [axis(0)],
  embedPassages: async (texts) => texts.map((t) => axis(t.startsWith("same") ? 0 : 1)),
};

describe("embedderSimilarity", () => {
  it("gives the cosine of each text to the question", async () => {
    expect(await embedderSimilarity(embedder)("q", ["same meaning", "other meaning"])).toEqual([1, 0]);
  });
});
