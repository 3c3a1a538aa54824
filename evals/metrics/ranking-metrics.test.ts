import { describe, expect, it } from "vitest";
import { dedupeRanking, meanOfScored, ndcgAtK, recallAtK, reciprocalRank } from "./ranking-metrics.js";

describe("recallAtK", () => {
  it("is the share of gold ids in the top k", () => {
    expect(recallAtK(["a", "x", "b", "y"], ["a", "b"], 2)).toBe(0.5);
    expect(recallAtK(["a", "x", "b", "y"], ["a", "b"], 3)).toBe(1);
    expect(recallAtK(["x", "y"], ["a", "b", "c"], 2)).toBe(0);
  });

  it("has no score without gold", () => {
    expect(recallAtK(["a"], [], 5)).toBeNull();
  });

  it("counts a passage ranked twice once, and the duplicate does not take a slot", () => {
    // Deduped: a, b → both gold ids are inside k = 2.
    expect(recallAtK(["a", "a", "b"], ["a", "b"], 2)).toBe(1);
    expect(recallAtK(["a", "a", "a"], ["a", "b"], 3)).toBe(0.5);
  });

  it("counts a gold id listed twice once", () => {
    expect(recallAtK(["a"], ["a", "a", "b"], 1)).toBe(0.5);
  });

  it("handles k larger than the ranking and k = 0", () => {
    expect(recallAtK(["a"], ["a", "b"], 10)).toBe(0.5);
    expect(recallAtK([], ["a"], 10)).toBe(0);
    expect(recallAtK(["a"], ["a"], 0)).toBe(0);
  });
});

describe("reciprocalRank", () => {
  it("is 1 / rank of the first gold id", () => {
    expect(reciprocalRank(["a", "b"], ["a"])).toBe(1);
    expect(reciprocalRank(["x", "y", "b", "a"], ["a", "b"])).toBeCloseTo(1 / 3, 12);
  });

  it("is 0 when no gold id is ranked and null without gold", () => {
    expect(reciprocalRank(["x"], ["a"])).toBe(0);
    expect(reciprocalRank([], ["a"])).toBe(0);
    expect(reciprocalRank(["a"], [])).toBeNull();
  });

  it("reads ranks after removing duplicates", () => {
    expect(reciprocalRank(["x", "x", "a"], ["a"])).toBe(0.5);
  });
});

describe("ndcgAtK", () => {
  it("matches hand-computed values", () => {
    // DCG = 1 + 1/log2(4) = 1.5; IDCG = 1 + 1/log2(3) ≈ 1.6309298
    expect(ndcgAtK(["a", "x", "b"], ["a", "b"], 3)).toBeCloseTo(0.9197207891481876, 12);
    // Only the second position is relevant: (1/log2 3) / (1 + 1/log2 3)
    expect(ndcgAtK(["x", "a"], ["a", "b"], 10)).toBeCloseTo(0.3868528072345416, 12);
    // One gold id at rank 3: the ideal has it at rank 1.
    expect(ndcgAtK(["x", "y", "a"], ["a"], 10)).toBeCloseTo(0.5, 12);
  });

  it("is 1 for a perfect ranking, 0 when nothing relevant is in the top k", () => {
    expect(ndcgAtK(["a", "b", "x"], ["b", "a"], 10)).toBe(1);
    expect(ndcgAtK(["x", "a"], ["a"], 1)).toBe(0);
  });

  it("caps the ideal at k when there are more gold ids than k", () => {
    expect(ndcgAtK(["a", "b"], ["a", "b", "c"], 2)).toBe(1);
  });

  it("ignores duplicates, k beyond the ranking, and has no score without gold", () => {
    expect(ndcgAtK(["a", "a", "b"], ["a", "b"], 2)).toBe(1);
    expect(ndcgAtK(["a"], ["a"], 50)).toBe(1);
    expect(ndcgAtK(["a"], [], 10)).toBeNull();
  });
});

describe("dedupeRanking and meanOfScored", () => {
  it("keeps first occurrences in order", () => {
    expect(dedupeRanking(["b", "a", "b", "c", "a"])).toEqual(["b", "a", "c"]);
  });

  it("averages scored values only", () => {
    expect(meanOfScored([1, null, 0, 0.5])).toBe(0.5);
    expect(meanOfScored([null, null])).toBeNull();
    expect(meanOfScored([])).toBeNull();
  });
});
