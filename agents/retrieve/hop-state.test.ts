import { describe, expect, it } from "vitest";
import { type HopState, nextHop } from "./hop-state.js";
import { mergeHopRankings } from "./merge-hops.js";

const chain: HopState = {
  plan: { kind: "chain", hops: ["Who is the director of film X?", "Where was #1 born?"], source: "rules" },
  records: [],
};
const record = (bridge: string | null) => ({
  hop: 1,
  sub_question: "Who is the director of film X?",
  query: "Who is the director of film X?",
  bridge,
  evidence_ids: ["a"],
});

describe("nextHop", () => {
  it("fills each slot with the bridge its hop read, and stops a chain whose bridge is missing", () => {
    expect(nextHop(chain)).toEqual({ hop: 1, query: "Who is the director of film X?" });
    expect(nextHop({ ...chain, records: [record("Jane Roe")] })).toEqual({
      hop: 2,
      query: "Where was Jane Roe born?",
    });
    expect(nextHop({ ...chain, records: [record(null)] })).toBeNull();
    expect(nextHop({ ...chain, records: [record("Jane Roe"), { ...record(null), hop: 2 }] })).toBeNull();
    expect(nextHop(undefined)).toBeNull();
  });

  it("skips only the hops whose bridge is missing: the other name of a comparison still runs", () => {
    const both: HopState = {
      plan: {
        kind: "chain",
        hops: ["director of A?", "director of B?", "#1 born", "#2 born"],
        source: "rules",
      },
      records: [],
    };
    const r = (hop: number, bridge: string | null) => ({ ...record(bridge), hop });
    expect(nextHop({ ...both, records: [r(1, null)] })).toEqual({ hop: 2, query: "director of B?" });
    expect(nextHop({ ...both, records: [r(1, null), r(2, "Bo")] })).toEqual({ hop: 4, query: "Bo born" });
    expect(nextHop({ ...both, records: [r(1, null), r(2, "Bo"), r(4, null)] })).toBeNull();
  });

  it("runs every sub-question of a parallel plan, with no bridges", () => {
    const parallel: HopState = {
      plan: { kind: "parallel", hops: ["A first", "B first"], source: "rules" },
      records: [],
    };
    expect(nextHop({ ...parallel, records: [{ ...record(null), query: "A first" }] })).toEqual({
      hop: 2,
      query: "B first",
    });
  });
});

describe("mergeHopRankings", () => {
  it("keeps the question's first places, then each hop's best (last hop first), then the rest", () => {
    const { order, hopOf } = mergeHopRankings(
      ["q1", "q2", "q3", "h1a"],
      [
        { hop: 1, ids: ["h1a", "h1b"] },
        { hop: 2, ids: ["q1", "h2a", "h2b"] },
      ],
      { keep: 2, perHop: 1 },
    );
    expect(order).toEqual(["q1", "q2", "h1a", "q3", "h2a", "h2b", "h1b"]);
    // Provenance marks only what a hop brought, not what the question had already ranked first.
    expect(hopOf.get("q1")).toBeUndefined();
    expect(hopOf.get("h1a")).toBe(1);
    expect(hopOf.get("h2a")).toBe(2);
  });
});
