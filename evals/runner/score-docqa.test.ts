import { describe, expect, it } from "vitest";
import type { DocQaRecord } from "../datasets/docqa-records.js";
import { type DocQaOutcome, scoreDocQa } from "./score-docqa.js";

const pdf = "file:///c/pdf/report.pdf";
const rec = (id: string, over: Partial<DocQaRecord> = {}): DocQaRecord => ({
  id,
  question: `question ${id}?`,
  answers: ["8,420"],
  answerable: true,
  route: "simple",
  doc: "pdf/report.pdf",
  locations: [{ doc: "pdf/report.pdf", page: 76 }],
  ...over,
});
const out = (over: Partial<DocQaOutcome> = {}): DocQaOutcome => ({
  answer: "Goodwill was $8,420 million [S1].",
  short_answer: "$8,420 million",
  not_found: false,
  route: "simple",
  citations: [{ S: "S1", uri: pdf, page: 76, heading_path: ["Balance sheet"] }],
  checks: [{ cites: ["S1"], verdict: "supported" }],
  latency_ms: 100,
  ...over,
});
const missing = rec("n1", { answers: [], answerable: false, route: "not_found", locations: [] });

describe("scoreDocQa", () => {
  const runs = [
    { record: rec("a1"), outcome: out() },
    // Right answer, wrong page, no short answer, one pair dropped by the verifier.
    {
      record: rec("a2"),
      outcome: out({
        short_answer: null,
        citations: [{ S: "S2", chunk_id: "chk:2", uri: pdf, page: 74, heading_path: [] }],
        checks: [
          { cites: ["S2"], verdict: "supported" },
          { cites: ["S3"], verdict: "dropped" },
        ],
        latency_ms: 300,
      }),
    },
    // A refusal of an answerable global item, routed wrongly.
    {
      record: rec("g1", { route: "global", answers: ["wir", "fuel"], answers_all: true }),
      outcome: out({
        answer: "Not found.",
        short_answer: null,
        not_found: true,
        not_found_reason: "the evidence never names wir",
        route: "simple",
        citations: [],
      }),
    },
    // A hallucination on an unanswerable item: counts only against not-found accuracy.
    { record: missing, outcome: out({ route: "temporal" }) },
    { record: { ...missing, id: "n2" }, outcome: out({ not_found: true, citations: [], checks: [] }) },
  ];
  const s = scoreDocQa(runs, "/c");

  it("scores answers on answerable items only, refusals as wrong", () => {
    expect(s.overall).toMatchObject({
      questions: 5,
      answerable: 3,
      answer_accuracy: 0.6667,
      short_answer_accuracy: 0.3333,
      short_answers: 1,
      answered: 2,
      citation_location_hit: 0.5,
      not_found_accuracy: 0.5,
      false_refusals: 0.3333,
    });
  });

  it("takes citation support from the verifier's checks over every run", () => {
    // 4 supported pairs (a1, g1 and n1 reuse the default check, a2 one) and 1 dropped.
    expect(s.overall).toMatchObject({ citation_support: 0.8, citation_pairs: 5 });
  });

  it("splits by gold route and leaves not_found items out of the router", () => {
    expect(Object.keys(s.by_route)).toEqual(["simple", "global", "not_found"]);
    expect(s.by_route.global).toMatchObject({
      answer_accuracy: 0,
      false_refusals: 1,
      citation_location_hit: null,
    });
    expect(s.by_route.not_found).toMatchObject({ answer_accuracy: null, not_found_accuracy: 0.5 });
    expect(s.by_route.simple?.latency_ms).toEqual({ p50: 200, p95: 290 });
    expect(s.router_accuracy).toBe(0.6667);
    expect(s.router?.by_route.global).toEqual({ n: 1, accuracy: 0, predicted: { simple: 1 } });
  });

  it("writes per-question rows for error analysis", () => {
    expect(s.results.map((r) => [r.id, r.correct, r.short_correct, r.citation_hit])).toEqual([
      ["a1", true, true, true],
      ["a2", true, false, false],
      ["g1", false, false, null],
      ["n1", false, null, null],
      ["n2", true, null, null],
    ]);
    expect(s.results[1]).toMatchObject({
      cited: [{ S: "S2", chunk_id: "chk:2", doc: "pdf/report.pdf", page: 74, heading_path: [] }],
      checks: { pairs: 2, kept: 1 },
      gold_locations: ["pdf/report.pdf p76"],
    });
    // Why a refusal refused, where the runner said.
    expect(s.results[2]?.not_found_reason).toBe("the evidence never names wir");
    expect(s.results[0]?.not_found_reason).toBeUndefined();
  });
});
