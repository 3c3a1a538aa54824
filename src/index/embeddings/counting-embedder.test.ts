import { describe, expect, it } from "vitest";
import { countingEmbedder } from "./counting-embedder.js";
import type { Embedder } from "./embedder.js";

describe("countingEmbedder", () => {
  it("counts passages and queries and passes vectors through", async () => {
    const inner: Embedder = {
      id: "m",
      dim: 1,
      kind: "neural",
      embedQueries: async (t) => t.map(() => new Float32Array([1])),
      embedPassages: async (t) => t.map((s) => new Float32Array([s.length])),
    };
    const { embedder, counts } = countingEmbedder(inner);
    expect(embedder).toMatchObject({ id: "m", dim: 1, kind: "neural" });
    expect((await embedder.embedPassages(["ab", "c"])).map((v) => v[0])).toEqual([2, 1]);
    await embedder.embedQueries(["q"]);
    expect(counts).toEqual({ passages: 2, queries: 1 });
  });
});
