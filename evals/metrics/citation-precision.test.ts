import { describe, expect, it } from "vitest";
import { citationPrecision, pooledCitationPrecision } from "./citation-precision.js";

describe("citationPrecision", () => {
  const supports = (text: string, sid: string) => text.includes(sid);

  it("is the share of (sentence, citation) pairs whose evidence supports the sentence", () => {
    const sentences = [
      { text: "fact from S1", cites: ["S1", "S2"] },
      { text: "fact from S3", cites: ["S3"] },
    ];
    expect(citationPrecision(sentences, supports)).toBeCloseTo(2 / 3, 12);
  });

  it("counts a repeated citation once and has no score without citations", () => {
    expect(citationPrecision([{ text: "S1", cites: ["S1", "S1"] }], supports)).toBe(1);
    expect(citationPrecision([], supports)).toBeNull();
  });

  it("pools answers by their pairs (micro average)", () => {
    const pooled = pooledCitationPrecision([
      { sentences: [{ text: "S1", cites: ["S1"] }], supports },
      { sentences: [{ text: "x", cites: ["S1", "S2", "S3"] }], supports },
      { sentences: [], supports },
    ]);
    expect(pooled).toEqual({ precision: 0.25, pairs: 4 });
  });
});
