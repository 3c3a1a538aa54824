import { describe, expect, it } from "vitest";
import type { EdgeType } from "../../domain/graph-edge.js";
import { edgeCounts } from "./cypher.js";

describe("edgeCounts", () => {
  it("counts each edge type from the node's degree, one COUNT per type", () => {
    const cypher = edgeCounts(["MENTIONED_IN", "NEXT"]);
    expect(cypher).toContain("COUNT { (a)-[:MENTIONED_IN]-() } + COUNT { (a)-[:NEXT]-() }");
    expect(cypher).toContain("$ids");
  });

  it("writes only known edge types into the query: anything else is refused, never spliced in", () => {
    const injected = "NEXT]-() } + 1 MATCH (n) DETACH DELETE n //" as EdgeType;
    expect(() => edgeCounts([injected])).toThrow();
  });
});
