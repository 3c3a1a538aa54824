import { describe, expect, it } from "vitest";
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
      { ...base, version: "eval-index-v2" },
    ];
    const prints = new Set([base, ...variants].map(indexFingerprint));
    expect(prints.size).toBe(variants.length + 1);
  });
});
