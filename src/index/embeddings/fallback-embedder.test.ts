import { describe, expect, it } from "vitest";
import { dot } from "../../domain/vector-math.js";
import { createFallbackEmbedder } from "./fallback-embedder.js";

const norm = (v: Float32Array) => Math.sqrt(dot(v, v));

describe("fallback embedder", () => {
  const embedder = createFallbackEmbedder();

  it("is deterministic, 384-dimensional, normalised and labelled as a fallback", async () => {
    const texts = ["The quick brown fox", "jumps over the lazy dog", ""];
    const [a, b] = [await embedder.embedPassages(texts), await createFallbackEmbedder().embedPassages(texts)];
    expect(embedder.kind).toBe("fallback");
    expect(embedder.id).toMatch(/^fallback:/);
    expect(a.map((v) => v.length)).toEqual([384, 384, 384]);
    for (const v of a) expect(norm(v)).toBeCloseTo(1, 5);
    expect(a.map((v) => [...v])).toEqual(b.map((v) => [...v]));
    expect([...(await embedder.embedQueries(["The quick brown fox"]))[0]!]).toEqual([...a[0]!]);
  });

  it("scores shared words above unrelated text", async () => {
    const [q, near, far] = await embedder.embedPassages([
      "annual revenue growth",
      "Revenue growth was strong this annual period",
      "the cat sat on a mat",
    ]);
    expect(dot(q!, near!)).toBeGreaterThan(dot(q!, far!) + 0.2);
  });
});
