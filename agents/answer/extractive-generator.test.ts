import { describe, expect, it } from "vitest";
import type { RouteDecision } from "../schemas.js";
import { composeExtractive, extractiveGenerator, renderAnswer } from "./extractive-generator.js";
import { gradeEvidence } from "./grade-evidence.js";
import { bundle, evidence } from "./test-evidence.js";

const decide = (
  question_type: RouteDecision["question_type"],
  route: RouteDecision["route"] = "simple",
): RouteDecision => ({
  route,
  question_type,
  confidence: 1,
  fired: [],
  source: "rules",
});

function run(question: string, ev: ReturnType<typeof evidence>[], d: RouteDecision) {
  const b = bundle(question, ev);
  return composeExtractive({
    question,
    bundle: b,
    decision: d,
    grade: gradeEvidence(question, ev, d.question_type),
  });
}

describe("composeExtractive", () => {
  it("prefers a definition for a what-is question and cites it", () => {
    const q = "What is a resource account?";
    const draft = run(
      q,
      [
        evidence(
          "S1",
          "Resource accounts were introduced early. Many developers use a resource account in deployment scripts.",
        ),
        evidence(
          "S2",
          "A resource account is an account that is controlled by a smart contract rather than by a private key.",
        ),
      ],
      decide("what_is"),
    );
    expect(draft.not_found).toBe(false);
    expect(draft.sentences[0]).toEqual({
      text: "A resource account is an account that is controlled by a smart contract rather than by a private key.",
      cites: ["S2"],
    });
    expect(renderAnswer(draft, "nf")).toMatch(/private key\. \[S2\]/);
  });

  it("prefers a reason for a why question", () => {
    const q = "Why does Aptos use Move for smart contracts?";
    const draft = run(
      q,
      [
        evidence("S1", "Aptos smart contracts are written in Move, a language first developed at Meta."),
        evidence(
          "S2",
          "Aptos uses Move because its resource types make assets impossible to copy or drop in smart contracts.",
        ),
      ],
      decide("why"),
    );
    expect(draft.sentences[0]?.cites).toEqual(["S2"]);
  });

  it("keeps answers compact: the direct answer and at most two supporting sentences", () => {
    const q = "How do I compile a Move package?";
    const text =
      "Run `aptos move compile` in the package folder to compile a Move package. ".repeat(1) +
      "The compile step builds every Move module of the package. Compile a package with --named-addresses to set addresses. Move package compile output goes to build.";
    const draft = run(q, [evidence("S1", text)], decide("how_to"));
    expect(draft.sentences.length).toBeGreaterThan(0);
    expect(draft.sentences.length).toBeLessThanOrEqual(3);
    expect(draft.sentences[0]?.text).toContain("aptos move compile");
    expect(draft.sentences.every((s) => s.cites.length === 1)).toBe(true);
  });

  it("writes a sentence's citations in S order", () => {
    const draft = {
      not_found: false,
      short_answer: null,
      sentences: [{ text: "It is so.", cites: ["S15", "S2"] }],
    };
    expect(renderAnswer(draft, "nf")).toBe("It is so. [S2][S15]");
  });

  it("says not found when the evidence does not answer", () => {
    const draft = run(
      "What jersey number does Ellyse Perry wear?",
      [evidence("S1", "The weather was mild in October.")],
      decide("other"),
    );
    expect(draft).toMatchObject({ sentences: [], not_found: true });
    expect(renderAnswer(draft, "Not found in the indexed documents.")).toBe(
      "Not found in the indexed documents.",
    );
  });

  it("says why it found no answer, and gives no reason when it answers", () => {
    const unnamed = run(
      "How many employees did Orrin Vale Logistics have in 2021?",
      [evidence("S1", "Harbor Freightways had 4,200 employees in 2021.")],
      decide("other"),
    );
    expect(unnamed).toMatchObject({
      not_found: true,
      refusal: "the evidence never names Orrin Vale Logistics",
    });
    const named = run(
      "How many employees did Harbor Freightways have in 2021?",
      [evidence("S1", "Harbor Freightways had 4,200 employees in 2021.")],
      decide("other"),
    );
    expect(named).toMatchObject({ not_found: false, short_answer: "4,200" });
    expect(named.refusal).toBeUndefined();
  });
});

describe("composeExtractive: a chained question", () => {
  const q = "How much revenue did the owner of Elm Mill report?";
  const page = (sid: string, text: string) => evidence(sid, text, { doc_id: `doc:${sid}` });
  const ev = [
    page("S1", "Acme reported revenue of $5 million."),
    page("S2", "Acme bought Elm Mill in 1990."),
  ];

  it("answers from the chain's last passage when routed multi-hop, which need not name the chain's start", () => {
    expect(run(q, ev, decide("other", "multi_hop")).short_answer).toBe("$5 million");
    expect(run(q, ev, decide("other")).not_found).toBe(true);
  });
});

describe("composeExtractive: a pair question under a low grade", () => {
  const q = "Are Alder Creek and Birch Hollow both located in the same country?";
  const low = (ev: ReturnType<typeof evidence>[]) =>
    composeExtractive({
      question: q,
      bundle: bundle(q, ev),
      decision: decide("other"),
      grade: { ...gradeEvidence(q, ev, "other"), score: 1 },
    });

  it("answers when both things' own passages state what is compared", () => {
    const draft = low([
      evidence("S1", "Alder Creek is a village in Norway.", { heading_path: ["Alder Creek"] }),
      evidence("S2", "Birch Hollow is a village in Chile.", { heading_path: ["Birch Hollow"] }),
    ]);
    expect(draft.not_found).toBe(false);
    expect(draft.short_answer).toBe("no");
  });

  it("stays not found when one of them has no passage, and says the grade was too low", () => {
    const draft = low([
      evidence("S1", "Alder Creek is a village in Norway.", { heading_path: ["Alder Creek"] }),
    ]);
    expect(draft.not_found).toBe(true);
    expect(draft.refusal).toMatch(/^the evidence grades 1 of 5, under 3:/);
  });
});

describe("extractiveGenerator: the reader's floor as configured (AGR_READER_MIN_SCORE)", () => {
  const read = (question: string, text: string, readerMinScore?: number) => {
    const ev = [evidence("S1", text)];
    return extractiveGenerator({
      question,
      bundle: bundle(question, ev),
      decision: decide("other"),
      grade: gradeEvidence(question, ev, "other"),
      ...(readerMinScore !== undefined ? { readerMinScore } : {}),
    });
  };
  const fleet =
    "In 2021 Harbor Freightways opened a depot; its fleet counted 300 vehicles across the region.";
  const vague = "Harbor Freightways is a carrier. It grew in the 1990s and employs drivers.";

  it("a stricter floor refuses what the default answers, and says the floor it used", async () => {
    const q = "How many trucks did Harbor Freightways run?";
    expect(await read(q, fleet)).toMatchObject({ not_found: false, short_answer: "300 vehicles" });
    expect(await read(q, fleet, 0.99)).toMatchObject({
      not_found: true,
      refusal: expect.stringMatching(/scores 0\.\d+, under 0\.99\)$/),
    });
  });

  it("a looser floor answers what the default refuses", async () => {
    const q = "When did Harbor Freightways open its depot?";
    expect(await read(q, vague)).toMatchObject({
      not_found: true,
      refusal: expect.stringMatching(/under 0\.48\)$/),
    });
    expect(await read(q, vague, 0.1)).toMatchObject({ not_found: false });
  });
});
