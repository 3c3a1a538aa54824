import { describe, expect, it } from "vitest";
import { choosePlan } from "./fallback.js";

describe("choosePlan", () => {
  const spread = [1, 0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2, 0.1];

  it("falls back to plain hybrid when the evidence is too sparse", () => {
    expect(choosePlan({ seeds: 2, linked: 3, expanded: 5, scores: spread })).toBe("hybrid");
    expect(choosePlan({ seeds: 50, linked: 0, expanded: 0, scores: spread })).toBe("hybrid");
  });

  it("expands when something is linked or reached", () => {
    expect(choosePlan({ seeds: 50, linked: 0, expanded: 3, scores: spread })).toBe("expand");
    expect(choosePlan({ seeds: 50, linked: 2, expanded: 0, scores: spread })).toBe("expand");
  });

  it("keeps to the same section when many candidates are near-tied", () => {
    const tied = [1, 0.999, 0.998, 0.997, 0.996, 0.995, 0.994, 0.993, 0.5];
    expect(choosePlan({ seeds: 50, linked: 2, expanded: 9, scores: tied })).toBe("same-section");
    expect(choosePlan({ seeds: 50, linked: 2, expanded: 9, scores: tied.slice(0, 7) })).toBe("expand");
  });
});
