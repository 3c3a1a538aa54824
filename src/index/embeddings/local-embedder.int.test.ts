import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dot } from "../../domain/vector-math.js";
import type { Embedder } from "./embedder.js";
import { createLocalEmbedder, localModelPresent } from "./local-embedder.js";
import { defaultModelDir } from "./package-root.js";

// The models come from `npm install` (postinstall: scripts/fetch-models.mjs); CI must have them.
const modelDir = defaultModelDir();

describe.each([
  { model: "all-MiniLM-L6-v2", id: "sentence-transformers/all-MiniLM-L6-v2", prefixed: false, int8: false },
  { model: "bge-small-en-v1.5", id: "BAAI/bge-small-en-v1.5", prefixed: true, int8: false },
  { model: "bge-small-en-v1.5-q8", id: "BAAI/bge-small-en-v1.5:q8", prefixed: true, int8: true },
  {
    model: "all-MiniLM-L6-v2-q8",
    id: "sentence-transformers/all-MiniLM-L6-v2:q8",
    prefixed: false,
    int8: true,
  },
])("local embedder $model", ({ model, id, prefixed, int8 }) => {
  let embedder: Embedder;
  beforeAll(async () => {
    if (!localModelPresent(modelDir, model))
      throw new Error(`${model} missing from ${modelDir}: run npm run models`);
    embedder = await createLocalEmbedder({ modelDir, model, allowRemote: false, batchSize: 4 });
  }, 60_000);
  afterAll(async () => embedder?.close?.());

  it("is a 384-dimensional neural model recorded under its upstream id", () => {
    expect(embedder).toMatchObject({ id, dim: 384, kind: "neural" });
  });

  it("places paraphrases closer than unrelated text, with unit vectors", async () => {
    const [cat, kitten, stocks] = await embedder.embedPassages([
      "a cat sits on the mat",
      "a kitten is on the rug",
      "stock market crash",
    ]);
    for (const v of [cat!, kitten!, stocks!]) expect(Math.sqrt(dot(v, v))).toBeCloseTo(1, 4);
    expect(dot(cat!, kitten!)).toBeGreaterThan(dot(cat!, stocks!) + 0.2);
  }, 30_000);

  it("keeps input order across length-sorted batches and truncates long text", async () => {
    const texts = [
      "short",
      "a much longer sentence about rivers and mountains",
      "mid length text",
      "x ".repeat(3000),
    ];
    const together = await embedder.embedPassages(texts);
    const alone = await Promise.all(texts.map(async (t) => (await embedder.embedPassages([t]))[0]!));
    for (const [i, v] of together.entries()) {
      // Int8 graphs quantize activations per tensor (padding included), so a batch nudges its
      // members' vectors: close to the text alone and closer to it than to any other text.
      if (!int8) expect(dot(v, alone[i]!)).toBeCloseTo(1, 4);
      expect(dot(v, alone[i]!)).toBeGreaterThan(0.95);
      for (const [j, w] of alone.entries())
        if (j !== i) expect(dot(v, alone[i]!)).toBeGreaterThan(dot(v, w!));
    }
  }, 30_000);

  it(`embeds queries ${prefixed ? "with" : "without"} an instruction prefix`, async () => {
    const [q] = await embedder.embedQueries(["who founded the company"]);
    const [p] = await embedder.embedPassages(["who founded the company"]);
    if (prefixed) expect(dot(q!, p!)).toBeLessThan(0.999);
    else expect(dot(q!, p!)).toBeCloseTo(1, 5);
  }, 30_000);
});

describe.each([
  ["bge-small-en-v1.5-q8", "bge-small-en-v1.5"],
  ["all-MiniLM-L6-v2-q8", "all-MiniLM-L6-v2"],
])("int8 model %s", (q8, fp32) => {
  it("computes nearly the fp32 model's vectors, from its own quantized weights", async () => {
    const load = (model: string) =>
      createLocalEmbedder({ modelDir, model, allowRemote: false, batchSize: 8 });
    const [a, b] = [await load(q8), await load(fp32)];
    try {
      const texts = [
        "Teutberga was a queen of Lotharingia by marriage to Lothair II.",
        "The river flows north through the valley before reaching the sea.",
        "Quarterly revenue rose 12 percent on higher subscription sales.",
      ];
      const [va, vb] = [await a.embedPassages(texts), await b.embedPassages(texts)];
      const cos = va.map((v, i) => dot(v, vb[i]!));
      // Int8 weights: close to fp32 (cosine ~0.99), but not the same numbers.
      for (const c of cos) expect(c).toBeGreaterThan(0.97);
      expect(Math.min(...cos)).toBeLessThan(0.99999);
    } finally {
      await a.close?.();
      await b.close?.();
    }
  }, 60_000);
});
