import { describe, expect, it } from "vitest";
import type { QuestionRecord } from "../datasets/qa-records.js";
import { type AnswerRun, type ScoredAnswer, scoreAnswers } from "./score-answers.js";

const q = (id: string, answers: string[], type?: string): QuestionRecord => ({
  id,
  question: `${id}?`,
  answers,
  supporting_ids: answers.length > 0 ? [`p-${id}`] : [],
  ...(type ? { type } : {}),
});
const answer = (over: Partial<ScoredAnswer>): ScoredAnswer => ({
  answer: "",
  short_answer: null,
  not_found: false,
  route: "simple",
  tokens: { prompt: 0, completion: 0 },
  sentences: [],
  citedPassage: () => undefined,
  checks: [],
  ...over,
});

describe("scoreAnswers (agent mode)", () => {
  const runs: AnswerRun[] = [
    {
      question: q("q1", ["Mount Orrin"]),
      context: "",
      answer: answer({
        answer: "The river rises on Mount Orrin, north of the lake. [S1]",
        short_answer: "Mount Orrin",
        sentences: [{ text: "The river rises on Mount Orrin, north of the lake.", cites: ["S1"] }],
        citedPassage: () => "p-q1",
        checks: [
          { cites: ["S1"], verdict: "supported" },
          { cites: ["S2"], verdict: "dropped" },
        ],
      }),
    },
    {
      question: q("q2", ["1997"]),
      context: "",
      // The full answer holds the gold; no short answer was found (null scores as "").
      answer: answer({ answer: "It opened in 1997. [S1]", checks: [{ cites: ["S1"], verdict: "revised" }] }),
    },
    {
      question: q("q3", ["Insufficient information."], "null_query"),
      context: "",
      // The verifier dropped every pair and the answer became "not found": the drop still counts.
      answer: answer({ not_found: true, checks: [{ cites: ["S1", "S3"], verdict: "dropped" }] }),
    },
  ];
  const { metrics, results } = scoreAnswers(runs);

  it("scores EM/F1 of the full answer and of the short answer separately", () => {
    expect(metrics).toMatchObject({
      em: 0,
      answer_contains_gold: 1,
      short_answer_em: 0.5,
      short_answer_f1: 0.5,
    });
    expect(metrics.f1).toBeGreaterThan(0);
    expect(metrics.f1).toBeLessThan(0.5);
    expect(results.map((r) => [r.short_answer, r.short_answer_f1])).toEqual([
      ["Mount Orrin", 1],
      [null, 0],
      [null, null],
    ]);
  });

  it("takes citation support from the verifier's checks, dropped pairs included", () => {
    // 2 kept (supported + revised) of 5 judged pairs.
    expect(metrics.citation_support).toBe(0.4);
    expect(metrics.citation_precision).toBe(1);
    expect(metrics).toMatchObject({ not_found_accuracy: 1, false_not_found: 0 });
  });
});
