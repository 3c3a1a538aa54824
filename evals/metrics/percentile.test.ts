import { describe, expect, it } from "vitest";
import { percentile } from "./percentile.js";

describe("percentile", () => {
  it("interpolates between closest ranks", () => {
    expect(percentile([1, 2, 3, 4], 50)).toBe(2.5);
    // position 0.95 × 3 = 2.85 → 3 + 0.85 × (4 − 3)
    expect(percentile([4, 1, 3, 2], 95)).toBeCloseTo(3.85, 12);
    expect(percentile([10, 20, 30, 40, 50], 50)).toBe(30);
  });

  it("returns the extremes at 0 and 100 and the value of a single sample", () => {
    expect(percentile([3, 1, 2], 0)).toBe(1);
    expect(percentile([3, 1, 2], 100)).toBe(3);
    expect(percentile([7], 95)).toBe(7);
  });

  it("does not reorder its input", () => {
    const values = [3, 1, 2];
    percentile(values, 50);
    expect(values).toEqual([3, 1, 2]);
  });

  it("refuses an empty sample or an out-of-range p", () => {
    expect(() => percentile([], 50)).toThrow(RangeError);
    expect(() => percentile([1], 101)).toThrow(RangeError);
    expect(() => percentile([1], Number.NaN)).toThrow(RangeError);
  });
});
