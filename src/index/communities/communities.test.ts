import { describe, expect, it } from "vitest";
import { entityLinkWeights } from "./entity-links.js";
import { extractiveSummary } from "./extractive-summarizer.js";
import { louvainGroups } from "./louvain-partition.js";
import { relatedSectionWeights } from "./related-sections.js";
import { sparseSorted, strongestFirst, WeightedPairs } from "./weighted-pairs.js";

const ent = (
  id: string,
  salience: "CORE" | "IMPORTANT" | "SUPPORTING" = "IMPORTANT",
  type: "NAME" | "DATE" = "NAME",
) => ({
  id,
  salience,
  type,
});

describe("communities", () => {
  it("relatedSectionWeights adds references and shared salient entities, not dates or supporting ones", () => {
    const ids = new Set(["s1", "s2", "s3"]);
    const pairs = relatedSectionWeights(
      ids,
      [
        { src: "s1", dst: "s2" },
        { src: "s1", dst: "table:x" },
      ],
      [],
      [
        { src: "s2", dst: "e" },
        { src: "s3", dst: "e" },
        { src: "s1", dst: "d" },
        { src: "s3", dst: "d" },
        { src: "s1", dst: "weak" },
        { src: "s2", dst: "weak" },
      ],
      [ent("e"), ent("d", "CORE", "DATE"), ent("weak", "SUPPORTING")],
    );
    expect([...pairs.entries()].sort((a, b) => (a.a + a.b < b.a + b.b ? -1 : 1))).toEqual([
      { a: "s1", b: "s2", weight: 2 },
      { a: "s2", b: "s3", weight: 1 },
    ]);
  });

  it("louvainGroups splits two cliques joined by one weak edge, the same way every run", () => {
    const pairs = new WeightedPairs();
    pairs.addClique(["a1", "a2", "a3", "a4"], 3);
    pairs.addClique(["b1", "b2", "b3", "b4"], 3);
    pairs.add("a1", "b1", 0.1);
    pairs.add("x", "y", 1);
    const groups = louvainGroups(pairs, { minSize: 3 });
    expect(groups).toEqual([
      ["a1", "a2", "a3", "a4"],
      ["b1", "b2", "b3", "b4"],
    ]);
    expect(louvainGroups(pairs, { minSize: 3 })).toEqual(groups);
    expect(louvainGroups(new WeightedPairs())).toEqual([]);
  });

  it("strongestFirst orders by weight then name; sparseSorted keeps a node's strongest links", () => {
    const pairs = new WeightedPairs();
    pairs.add("b", "c", 1);
    pairs.add("a", "d", 1);
    pairs.add("a", "b", 3);
    pairs.add("a", "c", 2);
    const order = strongestFirst(pairs.entries());
    expect(order.map((p) => p.a + p.b)).toEqual(["ab", "ac", "ad", "bc"]);
    // A pair stays while either end has room: b-c goes, both ends already have their one link.
    expect([...sparseSorted(order, 1).entries()].map((p) => p.a + p.b)).toEqual(["ab", "ac", "ad"]);
  });

  it("entityLinkWeights links co-mentioned and related salient entities", () => {
    const pairs = entityLinkWeights(
      [ent("a"), ent("b"), ent("c"), ent("s", "SUPPORTING")],
      [{ src: "a", dst: "c" }],
      [
        { src: "a", dst: "k1" },
        { src: "b", dst: "k1" },
        { src: "s", dst: "k1" },
      ],
    );
    expect(Object.fromEntries([...pairs.entries()].map((p) => [`${p.a}-${p.b}`, p.weight]))).toEqual({
      "a-c": 1,
      "a-b": 1,
    });
  });

  it("extractiveSummary picks the shared sentences, one per section, with their section ids", () => {
    const summary = extractiveSummary(
      [
        {
          section_id: "s1",
          title: "Panels",
          text: "Solar panels convert sunlight into electricity for the farm. The shed is red and old today.",
        },
        {
          section_id: "s2",
          title: "Care",
          text: "Clean solar panels twice a year to keep electricity output high. Solar panels need sunlight.",
        },
        {
          section_id: "s3",
          title: "Misc",
          text: "An unrelated remark about the weather and nothing else here.",
        },
      ],
      ["solar panels"],
      2,
    );
    expect([...summary.sections].sort()).toEqual(["s1", "s2"]);
    expect(summary.text).toContain("Solar panels convert sunlight into electricity");
    expect(summary.text).not.toContain("weather");
    expect(extractiveSummary([]).sections).toEqual([]);
  });
});
