import { describe, expect, it } from "vitest";
import { personalizedPageRank } from "../domain/graph-algorithms/personalized-page-rank.js";
import { buildPhraseGraph, linkQuestionEntities } from "./phrase-graph.js";

describe("buildPhraseGraph with entity links", () => {
  const input = {
    entities: [
      { id: "faa", canonical: "faa" },
      { id: "federal", canonical: "federal aviation administration" },
      { id: "boeing", canonical: "boeing" },
    ],
    mentions: [
      { entity: "faa", chunk: "p1", weight: 1 },
      { entity: "federal", chunk: "p2", weight: 2 },
      { entity: "boeing", chunk: "p3", weight: 1 },
    ],
  };
  const rankFrom = (graph: ReturnType<typeof buildPhraseGraph>, question: string) => {
    const seeds = linkQuestionEntities(question, graph);
    const rank = personalizedPageRank(graph.csr, new Map(seeds.map((s) => [s, 1])));
    return (id: string) => rank[graph.index.get(id) ?? -1] ?? 0;
  };

  it("lets a SYNONYM edge carry a question's entity to its synonym's passage", () => {
    const without = rankFrom(buildPhraseGraph(input), "What does the FAA regulate?");
    expect(without("p2")).toBe(0);
    const withSynonym = rankFrom(
      buildPhraseGraph({ ...input, entityLinks: [{ a: "faa", b: "federal", weight: 1 }] }),
      "What does the FAA regulate?",
    );
    expect(withSynonym("p2")).toBeGreaterThan(0);
    expect(withSynonym("p3")).toBe(0);
  });

  it("ignores links naming passages or unknown entities", () => {
    const graph = buildPhraseGraph({
      ...input,
      entityLinks: [
        { a: "faa", b: "p3", weight: 1 },
        { a: "faa", b: "nobody", weight: 1 },
        { a: "faa", b: "faa", weight: 1 },
      ],
    });
    expect(graph.ids).toEqual(["faa", "federal", "boeing", "p1", "p2", "p3"]);
    expect(graph.csr.targets.length).toBe(buildPhraseGraph(input).csr.targets.length);
  });
});
