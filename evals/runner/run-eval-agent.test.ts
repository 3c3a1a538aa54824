import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.js";
import { EvalReportSchema } from "../../src/domain/eval-report.js";
import { tempDir } from "../../src/ingest/test-helpers.js";
import { loadDataset } from "../datasets/load-dataset.js";
import type { EvalDataset } from "../datasets/qa-records.js";
import { runAgentQuestion } from "./agent-question.js";
import { runEval } from "./run-eval.js";

const config = loadConfig({}, {});

describe("runEval with the offline agent on the tiny fixture", { timeout: 120_000 }, () => {
  let dataset: EvalDataset;
  const cacheDir = tempDir("agr-eval-agent-");
  beforeAll(async () => {
    dataset = await loadDataset(join(import.meta.dirname, "../fixtures/tiny"), { scratchDir: cacheDir });
  });

  it("scores the agent's ranking and answers next to bm25's answer-in-context", async () => {
    const { report, results } = await runEval(dataset, {
      config,
      cacheDir,
      modes: ["bm25", "agent"],
      baselines: false,
    });
    expect(EvalReportSchema.parse(report)).toEqual(report);
    const bm25 = report.modes.bm25;
    const agent = report.modes.agent;
    // Retrieval-only: the answer string is in the top passages' text for all three answerable questions.
    expect(bm25).toMatchObject({ "answer_in_context@5": 1, em: null, f1: null, not_found_accuracy: null });
    expect(bm25?.tokens).toEqual({ prompt: 0, completion: 0 });
    expect(agent?.["recall@10"]).toBeGreaterThan(0.5);
    for (const key of [
      "em",
      "f1",
      "short_answer_em",
      "short_answer_f1",
      "answer_contains_gold",
      "citation_precision",
      "citation_support",
    ] as const) {
      expect(agent?.[key]).not.toBeNull();
      expect(agent?.[key]).toBeGreaterThanOrEqual(0);
      expect(agent?.[key]).toBeLessThanOrEqual(1);
    }
    // q4 has nothing to find: the offline agent says so, and answers the others.
    expect(agent).toMatchObject({
      not_found_accuracy: 1,
      false_not_found: 0,
      tokens: { prompt: 0, completion: 0 },
    });
    expect(agent?.answer_contains_gold).toBeGreaterThan(0);
    expect(report.notes.join(" ")).toMatch(/short_answer_em and short_answer_f1 score its short_answer/);
    // The tiny set's "bridge"/"null" types are not MultiHop-RAG types: no router accuracy.
    expect(report.router_accuracy).toBeNull();
    const q1 = results.find((r) => r.mode === "agent" && r.id === "q1");
    expect(q1).toMatchObject({
      not_found: false,
      not_found_reason: null,
      answer: expect.stringMatching(/Mount Orrin.*\[S\d+\]/),
      short_answer: expect.toSatisfy((x: unknown) => x === null || typeof x === "string"),
    });
    // A null query's "not found" says why, for error analysis in questions.jsonl.
    expect(results.find((r) => r.mode === "agent" && r.id === "q4")).toMatchObject({
      not_found: true,
      not_found_reason: expect.stringMatching(/\w/),
    });
  });

  it("reports router accuracy on typed questions and the agent's tokens", async () => {
    const typed: EvalDataset = {
      ...dataset,
      questions: dataset.questions.map((q, i) => ({
        ...q,
        type: i === 3 ? "null_query" : "inference_query",
      })),
    };
    const { report } = await runEval(typed, {
      config,
      cacheDir,
      modes: ["agent"],
      baselines: false,
      runAgent: async (deps, question) => ({
        ...(await runAgentQuestion(deps, question)),
        route: "multi_hop",
        tokens: { prompt: 100, completion: 10 },
      }),
    });
    expect(report.router_accuracy).toBe(1);
    expect(report.answerer).toBe("offline");
    expect(report.router?.by_type.inference_query).toEqual({
      n: 3,
      accuracy: 1,
      predicted: { multi_hop: 3 },
    });
    expect(report.modes.agent?.tokens).toEqual({ prompt: 100, completion: 10 });
  });

  it("runs the agent with the configuration's reader settings, and says so in the report", async () => {
    const seen: Array<{ readerSimilarity?: boolean; readerMinScore?: number }> = [];
    const tuned = loadConfig({}, { AGR_READER_SIMILARITY: "true", AGR_READER_MIN_SCORE: "0.3" });
    const { report } = await runEval(dataset, {
      config: tuned,
      cacheDir,
      modes: ["agent"],
      baselines: false,
      limit: 1,
      runAgent: async (deps, question) => {
        seen.push({ ...deps });
        return runAgentQuestion(deps, question);
      },
    });
    expect(seen[0]).toMatchObject({ readerSimilarity: true, readerMinScore: 0.3 });
    expect(report.answerer).toBe("offline (reader similarity, reader floor 0.3)");
  });
});
