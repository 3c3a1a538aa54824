import { describe, expect, it } from "vitest";
import type { GraphPath, Triplet } from "../../tools/tool-result.js";
import { pathSentence } from "./path-sentence.js";
import { factSentences, pickPaths, rankFacts } from "./pick-graph-items.js";

const t = (
  id: string,
  subject: string,
  predicate: string,
  object: string,
  chunk = "c9",
  hops = 0,
): Triplet => ({
  subject,
  predicate,
  object,
  relation_id: id,
  chunk_id: chunk,
  evidence: `${subject} ${predicate} ${object}.`,
  hops,
});

describe("rankFacts", () => {
  const passages = [
    { chunk_id: "c1", text: "The Falcon trainer is powered by the Vortex V8 engine." },
    { chunk_id: "c2", text: "Unrelated text." },
  ];

  it("keeps facts the question or the top passages name, best first, and drops the rest", () => {
    const facts = [
      t("r1", "Hartmann", "based in", "Stuttgart"),
      t("r2", "Vortex V8", "build by", "Hartmann", "c2"),
      t("r3", "Falcon trainer", "is a", "aircraft", "c1"),
      t("r2", "Vortex V8", "build by", "Hartmann", "c2"),
    ];
    const ranked = rankFacts("Who builds the engine of the Falcon trainer?", facts, passages);
    // r3 shares "Falcon trainer" with the question; r2 is about what the top passage names; r1 neither.
    expect(ranked.map((f) => f.relation_id)).toEqual(["r3", "r2"]);
  });

  it("takes a bridge only from a top passage's sentence that uses a question term", () => {
    const top = [
      { chunk_id: "c1", text: "The Falcon trainer has two seats. The Vortex V8 powers many boats." },
    ];
    const facts = [t("r2", "Vortex V8", "build by", "Hartmann", "c2")];
    expect(rankFacts("Who makes the Falcon trainer?", facts, top)).toEqual([]);
    expect(rankFacts("Who makes the boats?", facts, top)).toHaveLength(1);
  });

  it("keeps a fact resting on a chosen path's passage though nothing names it", () => {
    const facts = [t("r1", "Hartmann", "based in", "Stuttgart", "c7")];
    expect(rankFacts("Who builds it?", facts, passages)).toEqual([]);
    expect(rankFacts("Who builds it?", facts, passages, new Set(["c7"]))).toHaveLength(1);
  });

  it("orders equally relevant facts by their passage's rank, then hops", () => {
    const facts = [t("a", "X", "rel", "Falcon", "c2", 1), t("b", "Y", "rel", "Falcon", "c1", 2)];
    expect(rankFacts("Falcon?", facts, passages).map((f) => f.relation_id)).toEqual(["b", "a"]);
  });
});

describe("rankFacts on a corpus about one company", () => {
  it("does not count a term most passages share", () => {
    const passages = ["Acme sells pumps.", "Acme hires staff.", "Acme pays tax.", "Acme leases vans."].map(
      (text, i) => ({ chunk_id: `c${i}`, text }),
    );
    const facts = [t("a", "Acme", "acquire", "Widgets"), t("b", "Acme", "lease", "vans")];
    expect(rankFacts("Which vans does Acme lease?", facts, passages).map((f) => f.relation_id)).toEqual([
      "b",
    ]);
  });
});

describe("factSentences", () => {
  it("drops a sentence another one contains, and lets a fuller one replace a shorter", () => {
    const firm = {
      ...t("a", "Hartmann", "is a", "firm"),
      evidence: "Hartmann is a firm based in Stuttgart.",
    };
    const based = { ...t("b", "Hartmann", "based in", "Stuttgart"), evidence: firm.evidence };
    expect(factSentences([firm, based], 6).map((x) => x.text)).toEqual([
      "Hartmann is a firm based in Stuttgart.",
    ]);
    expect(factSentences([based, firm], 6).map((x) => x.fact.relation_id)).toEqual(["b"]);
    expect(factSentences([t("a", "A", "rel", "B"), t("b", "C", "rel", "D")], 1)).toHaveLength(1);
    // The source names both, but not as subject–verb–object: a misread, left out.
    const misread = {
      ...t("c", "Uber", "acquire", "Cornershop"),
      evidence: "in order for Uber to acquire Cornershop.",
    };
    expect(factSentences([misread], 6)).toEqual([]);
  });
});

const path = (entities: string[], steps: GraphPath["steps"] = []): GraphPath => ({
  entities,
  text: entities.join(" — "),
  chunk_ids: [...new Set((steps ?? []).map((s) => s.chunk_id))],
  hops: steps?.length ?? 0,
  steps,
});

describe("paths", () => {
  const falcon = path(
    ["Falcon trainer", "Vortex V8", "Hartmann"],
    [{ chunk_id: "c1" }, { chunk_id: "c2", predicate: "build by", forward: true }],
  );

  it("picks paths of two hops across two passages or more, not through a date, and not one that extends a chosen one", () => {
    const longer = path(
      ["Falcon trainer", "Vortex V8", "Hartmann", "firm"],
      [...(falcon.steps ?? []), { chunk_id: "c3", predicate: "is a", forward: true }],
    );
    const onePassage = path(["A", "B", "C"], [{ chunk_id: "c1" }, { chunk_id: "c1" }]);
    const oneHop = path(["A", "B"], [{ chunk_id: "c4", predicate: "rel", forward: true }]);
    const viaDate = path(["A", "December 31, 2020", "C"], [{ chunk_id: "c5" }, { chunk_id: "c6" }]);
    expect(pickPaths([oneHop, onePassage, viaDate, falcon, longer], 2)).toEqual([falcon]);
  });

  it("reads a path's hops in words, with the S# of the passages the bundle has", () => {
    const text = pathSentence(falcon, {
      sidOf: (id) => ({ c1: "S1" })[id],
      textOf: (id) =>
        ({ c1: "It flies well. The Falcon trainer is powered by the Vortex V8 engine.", c2: "" })[id],
      facts: [
        {
          ...t("r", "Vortex V8", "build by", "Hartmann", "c2"),
          evidence: "The Vortex V8 is built by Hartmann.",
        },
      ],
    });
    expect(text).toBe(
      "From Falcon trainer to Hartmann: The Falcon trainer is powered by the Vortex V8 engine (S1); Vortex V8 is built by Hartmann.",
    );
    // A relation hop without its fact is built from the predicate; a shared-passage hop with no
    // sentence naming both ends cannot be said, so neither can the path.
    const noSentence = { sidOf: () => undefined, textOf: () => "Two names, far apart.", facts: [] };
    expect(pathSentence(falcon, noSentence)).toBeUndefined();
    const stated = path(["A", "B"], [{ chunk_id: "c2", predicate: "build by", forward: false }]);
    expect(pathSentence(stated, noSentence)).toBe("From A to B: B was built by A.");
    expect(pickPaths([falcon], 2, (p) => pathSentence(p, noSentence) !== undefined)).toEqual([]);
  });

  it("says no path that passes through common nouns only: two things of one kind are no chain", () => {
    const ctx = {
      sidOf: (id: string) => ({ c1: "S1", c2: "S2" })[id],
      textOf: (id: string) =>
        ({
          c1: "The Harbor Review is a peer-reviewed journal.",
          c2: "Tide Letters is a peer-reviewed journal on coasts.",
        })[id],
      facts: [],
    };
    const kind = path(
      ["Harbor Review", "peer-reviewed journal", "Tide Letters"],
      [{ chunk_id: "c1" }, { chunk_id: "c2" }],
    );
    expect(pathSentence(kind, ctx)).toBeUndefined();
    // The same shape through a named thing is a chain, and is said.
    const named = path(
      ["Harbor Review", "Peer Press", "Tide Letters"],
      [{ chunk_id: "c1" }, { chunk_id: "c2" }],
    );
    const said = {
      ...ctx,
      textOf: (id: string) =>
        ({
          c1: "The Harbor Review is published by Peer Press.",
          c2: "Peer Press also publishes Tide Letters.",
        })[id],
    };
    expect(pathSentence(named, said)).toBe(
      "From Harbor Review to Tide Letters: The Harbor Review is published by Peer Press (S1); Peer Press also publishes Tide Letters (S2).",
    );
  });
});
