import { describe, expect, it } from "vitest";
import { fuseHopRankings } from "./merge-hops.js";

describe("fuseHopRankings", () => {
  it("puts every ranking's first place ahead of second places, the question's first on ties", () => {
    const { order } = fuseHopRankings(
      ["q1", "q2", "q3"],
      [
        { hop: 1, ids: ["h1a", "h1b"] },
        { hop: 2, ids: ["h2a", "q3"] },
      ],
    );
    // k = 1: firsts score 1, seconds 1/2; q3 is third for the question and second for hop 2 (5/6).
    expect(order).toEqual(["q1", "h2a", "h1a", "q3", "q2", "h1b"]);
  });

  it("lifts a passage two rankings agree on above one ranking's second place", () => {
    const { order } = fuseHopRankings(["q1", "q2", "x"], [{ hop: 1, ids: ["h1", "x"] }]);
    expect(order).toEqual(["q1", "h1", "x", "q2"]);
  });

  it("marks a passage with the hop that ranks it above the question, never one the question ranks first", () => {
    const { hopOf } = fuseHopRankings(
      ["q1", "q2", "shared"],
      [
        { hop: 1, ids: ["q1", "shared"] },
        { hop: 2, ids: ["own"] },
      ],
    );
    expect(hopOf.get("q1")).toBeUndefined();
    expect(hopOf.get("shared")).toBe(1);
    expect(hopOf.get("own")).toBe(2);
    expect(hopOf.get("q2")).toBeUndefined();
  });
});
