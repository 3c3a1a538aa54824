import { describe, expect, it } from "vitest";
import { modelSpec } from "../../src/index/embeddings/known-models.js";
import { EVAL_INDEX_VERSION, indexFingerprint } from "./index-fingerprint.js";

const base = { corpusHash: "abc", embedderId: "none", chunkTokens: 400, processors: ["references"] };

describe("indexFingerprint", () => {
  it("is stable and 16 hex characters", () => {
    expect(indexFingerprint(base)).toBe(indexFingerprint({ ...base }));
    expect(indexFingerprint(base)).toMatch(/^[0-9a-f]{16}$/);
    expect(indexFingerprint({ ...base, version: EVAL_INDEX_VERSION })).toBe(indexFingerprint(base));
  });

  it("changes with corpus, embedder, chunk size, processors and version", () => {
    const variants = [
      { ...base, corpusHash: "abd" },
      { ...base, embedderId: "Xenova/all-MiniLM-L6-v2" },
      { ...base, chunkTokens: 200 },
      { ...base, processors: ["references", "embeddings:m"] },
      { ...base, version: "eval-index-other" },
    ];
    const prints = new Set([base, ...variants].map(indexFingerprint));
    expect(prints.size).toBe(variants.length + 1);
  });

  it("an int8 model's store is another store than its fp32 twin's", () => {
    const [fp32, q8] = ["bge-small-en-v1.5", "bge-small-en-v1.5-q8"].map((m) => modelSpec(m).storeId);
    const print = (id: string | undefined) =>
      indexFingerprint({ ...base, embedderId: id ?? "", processors: [`embeddings:${id}`] });
    expect(print(q8)).not.toBe(print(fp32));
  });
});
