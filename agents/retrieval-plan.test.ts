import { describe, expect, it } from "vitest";
import { keywordQuery, planRetrieval, SWITCH_ON_RETRY } from "./retrieval-plan.js";
import { datesIn } from "./retrieve/question-dates.js";

const Q = "Who was the king of the land where Teutberga was queen?";
const tools = (p: ReturnType<typeof planRetrieval>) => p.calls.map((c) => c.tool);

describe("planRetrieval", () => {
  it("maps each route to its strategy", () => {
    expect(tools(planRetrieval("agent", "simple", 0, Q))).toEqual(["ppr_search", "graph_paths"]);
    expect(tools(planRetrieval("agent", "relation", 0, Q))).toEqual(["ppr_search", "vector_cypher"]);
    expect(tools(planRetrieval("agent", "multi_hop", 0, Q))).toEqual(["ppr_search", "graph_paths"]);
    expect(tools(planRetrieval("agent", "global", 0, Q))).toEqual(["hybrid_search", "community_search"]);
    expect(planRetrieval("agent", "global", 2, Q).calls[1]?.input).toMatchObject({
      communities: 6,
      kind: "both",
    });
    expect(tools(planRetrieval("agent", "temporal", 0, Q))).toEqual(["ppr_search", "temporal_lookup"]);
  });

  it("follows an unplanned chain's names (the beam) on the multi_hop route only, retries too", () => {
    expect(planRetrieval("agent", "multi_hop", 0, Q).beam).toBe(true);
    expect(planRetrieval("agent", "multi_hop", 2, Q).beam).toBe(true);
    for (const route of ["simple", "relation", "global", "temporal"] as const)
      for (const attempt of [0, 1, 2]) expect(planRetrieval("agent", route, attempt, Q).beam).toBeUndefined();
    // A relation question retried with the multi_hop strategy is still a relation question.
    expect(planRetrieval("agent", "relation", 1, Q).strategy).toContain("multi_hop");
  });

  it("simple and multi_hop keep dense search's best two passages near the top, as an anchor", () => {
    for (const route of ["simple", "multi_hop"] as const)
      for (const attempt of [0, 2])
        expect(planRetrieval("agent", route, attempt, Q).anchor).toEqual({
          call: { tool: "vector_search", input: { query: Q, k: 2 } },
          within: [2, 5],
        });
    for (const route of ["relation", "global", "temporal"] as const)
      expect(planRetrieval("agent", route, 0, Q).anchor).toBeUndefined();
    expect(planRetrieval("vector", "simple", 0, Q).anchor).toBeUndefined();
  });

  it("the first retry switches to another route's strategy, widened; the second widens the route's own", () => {
    for (const route of ["simple", "relation", "multi_hop", "global", "temporal"] as const) {
      const other = SWITCH_ON_RETRY[route];
      expect(other).not.toBe(route);
      const p = planRetrieval("agent", route, 1, Q);
      expect(p.calls).toEqual(planRetrieval("agent", other, 1, Q, true).calls);
      expect(p.widened).toMatch(new RegExp(`^strategy ${route} → ${other}; `));
      expect(planRetrieval("agent", route, 2, Q).strategy).toBe(planRetrieval("agent", route, 0, Q).strategy);
    }
    expect(tools(planRetrieval("agent", "simple", 1, Q))).toEqual(["hybrid_search", "community_search"]);
  });

  it("widens on each retry: more seeds, one more hop, then a second query", () => {
    const [a0, a1, a2] = [0, 1, 2].map((a) => planRetrieval("agent", "relation", a, Q, true));
    expect(a0?.calls[1]?.input).toMatchObject({ seeds: 5, depth: 2 });
    expect(a1?.calls[1]?.input).toMatchObject({ seeds: 10, depth: 3 });
    expect(a1?.calls[0]?.input).toMatchObject({ k: 60 });
    expect(a1?.widened).toBe("k 30→60, seeds 5→10, depth 2→3");
    expect(a2?.calls.map((c) => [c.tool, c.input.query])).toEqual([
      ["ppr_search", Q],
      ["vector_cypher", Q],
      ["hybrid_search", Q],
      ["hybrid_search", keywordQuery(Q)],
    ]);
    const hops = [0, 1, 2].map(
      (a) => planRetrieval("agent", "multi_hop", a, Q, true).calls[1]?.input.max_hops,
    );
    expect(hops).toEqual([3, 4, 5]);
  });

  it("a forced mode ignores the route", () => {
    expect(tools(planRetrieval("vector", "multi_hop", 0, Q))).toEqual(["vector_search"]);
    expect(tools(planRetrieval("graph", "relation", 1, Q))).toEqual(["graph_mode"]);
    expect(tools(planRetrieval("vector_cypher", "simple", 2, Q))).toEqual(["vector_cypher"]);
  });

  it("keyword query drops question words; dates are found in text", () => {
    expect(keywordQuery(Q)).toBe("king land Teutberga queen");
    expect(
      datesIn("Revenue rose from 2020 to 2021; filed March 1, 2021 and on 2021-03-01, Q4 2020."),
    ).toEqual(["2020", "2021", "March 1, 2021", "2021-03-01", "Q4 2020"]);
  });
});
