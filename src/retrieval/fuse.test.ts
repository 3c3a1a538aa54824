import { describe, expect, it } from "vitest";
import { reciprocalRankFusion } from "./fuse.js";

describe("reciprocalRankFusion", () => {
  it("rewards agreement between rankings", () => {
    const fused = reciprocalRankFusion([{ ids: ["a", "b", "c"] }, { ids: ["b", "c", "d"] }]);
    expect(fused.map((f) => f.id)).toEqual(["b", "c", "a", "d"]);
    expect(fused[0]?.score).toBeCloseTo(1 / 62 + 1 / 61, 10);
  });
});
