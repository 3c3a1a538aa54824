import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempDir } from "../../src/ingest/test-helpers.js";
import type { GraphStore } from "../../src/store/graph-store.js";
import { DocQaQuestionResultSchema, DocQaReportSchema } from "../report/docqa-report.js";
import { writeDocQaReport } from "../report/write-docqa-report.js";
import { loadDocQa, runDocQa } from "./run-docqa.js";

const rows = [
  {
    id: "dq-1",
    question: "What is the total?",
    answers: ["42"],
    answerable: true,
    route: "simple",
    doc: "md/guide.md",
    locations: [{ doc: "md/guide.md", heading: "Totals" }],
  },
  {
    id: "dq-2",
    question: "Who audits?",
    answers: [],
    answerable: false,
    route: "not_found",
    doc: "",
    locations: [],
  },
];

function questionFile(lines: readonly object[]): string {
  const path = join(tempDir("docqa-run-"), "dev.jsonl");
  writeFileSync(path, lines.map((r) => JSON.stringify(r)).join("\n"));
  return path;
}

describe("runDocQa", () => {
  it("runs every question once, times each in process, and scores the outcomes", async () => {
    const questions = await loadDocQa(questionFile(rows));
    let clock = 0;
    const asked: string[] = [];
    const run = await runDocQa(questions, {
      deps: { store: {} as GraphStore },
      store: "test.db",
      embedder: "none",
      answerer: "offline",
      now: () => clock,
      runQuestion: async (_deps, q) => {
        asked.push(q);
        clock += q.startsWith("What") ? 50 : 10;
        return q.startsWith("What")
          ? {
              answer: "The total is 42 [S1].",
              short_answer: "42",
              not_found: false,
              route: "simple",
              citations: [{ S: "S1", uri: "file:///c/md/guide.md", heading_path: ["Guide", "Totals"] }],
              checks: [
                { text: "The total is 42.", cites: ["S1"], support: 1, verdict: "supported" as const },
              ],
            }
          : {
              answer: "Not found.",
              short_answer: null,
              not_found: true,
              route: "simple",
              citations: [],
              checks: [],
            };
      },
    });
    expect(asked).toEqual(["What is the total?", "Who audits?"]);
    expect(DocQaReportSchema.parse(run.report)).toEqual(run.report);
    expect(run.report).toMatchObject({ dataset: expect.any(String), split: "dev", questions: 2 });
    expect(run.report.overall).toMatchObject({
      answer_accuracy: 1,
      short_answer_accuracy: 1,
      citation_location_hit: 1,
      not_found_accuracy: 1,
      false_refusals: 0,
      citation_support: 1,
      latency_ms: { p50: 30, p95: 48 },
    });
    expect(run.report.notes[0]).toMatch(/only a dev split/);
    for (const r of run.results) DocQaQuestionResultSchema.parse(r);

    const out = join(tempDir(), "report");
    await writeDocQaReport(run, out);
    expect(readFileSync(join(out, "report.md"), "utf8")).toMatch(
      /\n\| all \| 2 \| 1\.000 \| 1\.000 \| 1\.000 \|/,
    );
    expect(readFileSync(join(out, "questions.jsonl"), "utf8").trim().split("\n")).toHaveLength(2);
  });

  it("honours --limit and refuses a bad one", async () => {
    const questions = await loadDocQa(questionFile(rows));
    const base = { deps: { store: {} as GraphStore }, store: "s", embedder: "none", answerer: "offline" };
    const runQuestion = async () => ({
      answer: "x",
      short_answer: null,
      not_found: true,
      route: "simple",
      citations: [],
      checks: [],
    });
    expect((await runDocQa(questions, { ...base, limit: 1, runQuestion })).results.map((r) => r.id)).toEqual([
      "dq-1",
    ]);
    await expect(runDocQa(questions, { ...base, limit: 0, runQuestion })).rejects.toThrow(/positive integer/);
  });

  it("refuses a file with a repeated id", async () => {
    await expect(loadDocQa(questionFile([rows[0] ?? {}, rows[0] ?? {}]))).rejects.toThrow(
      /duplicate id dq-1/,
    );
  });
});
