import { describe, expect, it } from "vitest";
import { fuseHopRankings, mergeHopRankings } from "./merge-hops.js";

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

describe("mergeHopRankings", () => {
  it("puts each search's best after the question's first places, a search's own `after` where it has one", () => {
    const main = ["q1", "q2", "q3", "q4"];
    const merged = mergeHopRankings(
      main,
      [
        { hop: 1, ids: ["p1", "p2", "p3"] },
        { hop: 3, ids: ["c1"], after: 3 },
      ],
      { keep: 1, perHop: 2 },
    );
    expect(merged.order).toEqual(["q1", "p1", "p2", "q2", "q3", "c1", "q4", "p3"]);
    expect(merged.hopOf.get("c1")).toBe(3);
    // Past the question's ranking, a search's best still comes before the searches' rest.
    expect(
      mergeHopRankings(["q1"], [{ hop: 3, ids: ["c1", "c2", "c3"], after: 3 }], { keep: 1, perHop: 2 }).order,
    ).toEqual(["q1", "c1", "c2", "c3"]);
  });
});
