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

  it("picks paths of two hops across two passages or more, and not one that extends a chosen one", () => {
    const longer = path(
      ["Falcon trainer", "Vortex V8", "Hartmann", "firm"],
      [...(falcon.steps ?? []), { chunk_id: "c3", predicate: "is a", forward: true }],
    );
    const onePassage = path(["A", "B", "C"], [{ chunk_id: "c1" }, { chunk_id: "c1" }]);
    const oneHop = path(["A", "B"], [{ chunk_id: "c4", predicate: "rel", forward: true }]);
    expect(pickPaths([oneHop, onePassage, falcon, longer], 2)).toEqual([falcon]);
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
    // Without the fact or a sentence naming both ends, the hop is still said in words.
    expect(pathSentence(falcon, { sidOf: () => undefined, textOf: () => "", facts: [] })).toBe(
      "From Falcon trainer to Hartmann: Falcon trainer and Vortex V8 are named in the same passage; Vortex V8 was built by Hartmann.",
    );
  });
});
