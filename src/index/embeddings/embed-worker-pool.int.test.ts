import { describe, expect, it } from "vitest";
import { dot } from "../../domain/vector-math.js";
import { createLocalEmbedder, localModelPresent } from "./local-embedder.js";
import { defaultModelDir } from "./package-root.js";

const modelDir = defaultModelDir();
const MODEL = "bge-small-en-v1.5-q8";

describe("local embedder on worker threads", () => {
  it("computes the vectors one session on this thread computes, in input order", async () => {
    if (!localModelPresent(modelDir, MODEL)) throw new Error(`${MODEL} missing: run npm run models`);
    const load = (workers: number) =>
      createLocalEmbedder({ modelDir, model: MODEL, allowRemote: false, batchSize: 2, workers, threads: 1 });
    const [pooled, inline] = [await load(2), await load(0)];
    try {
      // Batches of 2 of different lengths, so the two workers answer out of order.
      const texts = [
        "x ".repeat(400),
        "short",
        "Teutberga was a queen of Lotharingia by marriage to Lothair II.",
        "The river flows north through the valley before reaching the sea.",
        "a cat",
        "Quarterly revenue rose 12 percent on higher subscription sales, the company said.",
      ];
      const [a, b] = [await pooled.embedPassages(texts), await inline.embedPassages(texts)];
      expect(pooled.dim).toBe(384);
      expect(a).toHaveLength(texts.length);
      a.forEach((v, i) => {
        expect(dot(v, b[i]!)).toBeGreaterThan(0.9999);
        for (const [j, w] of b.entries()) if (j !== i) expect(dot(v, b[i]!)).toBeGreaterThan(dot(v, w));
      });
      const [q] = await pooled.embedQueries(["who was Teutberga married to"]);
      expect(dot(q!, a[2]!)).toBeGreaterThan(dot(q!, a[3]!));
    } finally {
      await pooled.close?.();
      await inline.close?.();
    }
    // A closed pool refuses work instead of hanging.
    await expect(pooled.embedPassages(["after close"])).rejects.toThrow(/closed/);
  }, 60_000);
});
