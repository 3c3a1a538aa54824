import { describe, expect, it } from "vitest";
import { reciprocalRankFusion } from "./fuse.js";

describe("reciprocalRankFusion", () => {
  it("rewards agreement between rankings", () => {
    const fused = reciprocalRankFusion([{ ids: ["a", "b", "c"] }, { ids: ["b", "c", "d"] }]);
    expect(fused.map((f) => f.id)).toEqual(["b", "c", "a", "d"]);
    expect(fused[0]?.score).toBeCloseTo(1 / 62 + 1 / 61, 10);
  });

  it("breaks a tie by the first ranking, not by the ids' order", () => {
    // z is first in the first list, y in the second: equal sums, and "y" < "z" as strings.
    const fused = reciprocalRankFusion([{ ids: ["z", "y"] }, { ids: ["y", "z"] }]);
    expect(fused[0]?.score).toBe(fused[1]?.score);
    expect(fused.map((f) => f.id)).toEqual(["z", "y"]);
  });
});
