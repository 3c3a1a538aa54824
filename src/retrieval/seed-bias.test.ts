import { describe, expect, it } from "vitest";
import { queryProfile } from "./query-profile.js";
import {
  balanceByDocument,
  biasSeeds,
  DEFAULT_FUSION,
  fusionWeights,
  type SeedFacts,
  withPageSeeds,
} from "./seed-bias.js";

const ids = (xs: ReadonlyArray<{ id: string }>) => xs.map((x) => x.id);

describe("queryProfile", () => {
  it("reads navigation, PDF pages and labels, and requests for details", () => {
    const nav = queryProfile("Which section of the docs covers installing with conda?");
    expect(nav.navigation).toBe(true);
    expect(nav.pdf).toBe(false);
    const pdf = queryProfile("What does Table 2-1 show on page 12?");
    expect(pdf).toMatchObject({ pdf: true, pages: [12], labels: ["table 2-1"], details: true });
    const fig = queryProfile("Explain Fig. 3 of the paper");
    expect(fig.labels).toEqual(["figure 3"]);
    expect(queryProfile("Where was the director of Kiss and Tell born?")).toMatchObject({
      navigation: false,
      pdf: false,
      details: false,
    });
    expect(queryProfile("How do I create an object?").details).toBe(true);
    expect(queryProfile("The director's films").terms).toEqual(["director", "film"]);
  });

  it("navigation questions double the heading and anchor weights", () => {
    expect(fusionWeights(queryProfile("Kiss and Tell"))).toEqual(DEFAULT_FUSION);
    expect(fusionWeights(queryProfile("where can I find the guide to objects"))).toEqual({
      ...DEFAULT_FUSION,
      heading: 1,
      anchor: 1,
    });
  });
});

describe("biasSeeds", () => {
  const facts = new Map<string, SeedFacts>([
    ["md", { doc_id: "a", pdf: false, content_type: "text", haystack: "see table 2-1 below" }],
    ["p3", { doc_id: "b", pdf: true, page_start: 3, page_end: 3, content_type: "text", haystack: "" }],
    ["p12", { doc_id: "b", pdf: true, page_start: 11, page_end: 12, content_type: "text", haystack: "" }],
    ["tbl", { doc_id: "b", pdf: true, page_start: 5, content_type: "table", haystack: "table 2-1 costs" }],
  ]);
  const ranked = [
    { id: "md", score: 1 },
    { id: "p3", score: 0.9 },
    { id: "p12", score: 0.8 },
    { id: "tbl", score: 0.7 },
  ];

  it("leaves other questions alone", () => {
    expect(biasSeeds(ranked, facts, queryProfile("who founded the company"))).toEqual(ranked);
  });

  it("favours PDF chunks, the named page and the named table itself", () => {
    expect(ids(biasSeeds(ranked, facts, queryProfile("what is on page 12")))).toEqual([
      "p12",
      "p3",
      "md",
      "tbl",
    ]);
    const t = biasSeeds(ranked, facts, queryProfile("What does Table 2-1 show?"));
    expect(ids(t)).toEqual(["tbl", "md", "p3", "p12"]);
    expect(t[0]?.score).toBeCloseTo(0.7 * 1.25 * 2 * 1.5, 9);
  });
});

describe("balanceByDocument", () => {
  it("caps one document's share so others get into the pool, and keeps scores non-increasing", () => {
    const ranked = ["a1", "a2", "a3", "a4", "b1", "c1"].map((id, i) => ({ id, score: 10 - i }));
    const docOf = new Map(ranked.map((r) => [r.id, r.id.slice(0, 1)]));
    const out = balanceByDocument(ranked, docOf, 5, 0.4);
    expect(ids(out)).toEqual(["a1", "a2", "b1", "c1", "a3"]);
    expect(out.map((o) => o.score)).toEqual([10, 9, 6, 5, 5]);
  });

  it("lets no far weaker seed of another document go before a capped one", () => {
    // a3 and a4 wait over the cap; b1 is a passer-by (under half their scores), c1 is not.
    const ranked = [
      { id: "a1", score: 10 },
      { id: "a2", score: 9.5 },
      { id: "a3", score: 9 },
      { id: "c1", score: 8 },
      { id: "a4", score: 7 },
      { id: "b1", score: 2 },
    ];
    const docOf = new Map(ranked.map((r) => [r.id, r.id.slice(0, 1)]));
    expect(ids(balanceByDocument(ranked, docOf, 5, 0.4))).toEqual(["a1", "a2", "c1", "a3", "a4"]);
  });

  it("leaves a single-document pool in order and fills from the waiting seeds", () => {
    const ranked = ["a1", "a2", "a3"].map((id, i) => ({ id, score: 3 - i }));
    const one = new Map(ranked.map((r) => [r.id, "a"]));
    expect(balanceByDocument(ranked, one, 2)).toEqual(ranked.slice(0, 2));
    const two = new Map([...one, ["a3", "b"]]);
    expect(ids(balanceByDocument(ranked, two, 3, 0.1))).toEqual(["a1", "a2", "a3"]);
  });
});

describe("withPageSeeds", () => {
  it("adds chunks on a named page of the documents the best seeds come from, just under their best seed", () => {
    const pool = [
      { id: "a1", score: 10 },
      { id: "b1", score: 8 },
    ];
    const docOf = new Map([
      ["a1", "A"],
      ["b1", "B"],
    ]);
    const onPage = [
      { id: "a12", doc_id: "A" },
      { id: "b12", doc_id: "B" },
      { id: "c12", doc_id: "C" },
      { id: "a1", doc_id: "A" },
    ];
    expect(withPageSeeds(pool, docOf, onPage)).toEqual([
      { id: "a1", score: 10 },
      { id: "a12", score: 9 },
      { id: "b1", score: 8 },
      { id: "b12", score: 7.2 },
    ]);
  });

  it("a named document outweighs a slightly better BM25 match for a page question", () => {
    const facts = new Map<string, SeedFacts>([
      ["uber", { doc_id: "u", pdf: true, page_start: 12, content_type: "text", haystack: "" }],
      ["tm", { doc_id: "t", pdf: true, page_start: 12, content_type: "text", haystack: "", doc_named: true }],
    ]);
    const ranked = [
      { id: "uber", score: 10 },
      { id: "tm", score: 9.7 },
    ];
    expect(ids(biasSeeds(ranked, facts, queryProfile("page 12 of the TraceMonkey paper")))).toEqual([
      "tm",
      "uber",
    ]);
  });
});
