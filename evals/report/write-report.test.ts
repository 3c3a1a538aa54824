import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { EvalReportSchema } from "../../src/domain/eval-report.js";
import { tempDir } from "../../src/ingest/test-helpers.js";
import { sampleReport } from "./sample-report.js";
import { writeReport } from "./write-report.js";

describe("writeReport", () => {
  it("writes report.json, report.md, recall.svg and questions.jsonl", async () => {
    const out = join(tempDir(), "nested", "out");
    const report = sampleReport();
    const result = {
      mode: "bm25",
      id: "q1",
      gold: ["a"],
      ranked: ["a"],
      "recall@5": 1,
      first_gold_rank: 1,
      latency_ms: 1,
    };
    const files = await writeReport({ report, results: [result] }, out);
    expect(files.map((f) => f.slice(out.length + 1))).toEqual([
      "report.json",
      "report.md",
      "recall.svg",
      "questions.jsonl",
    ]);
    expect(EvalReportSchema.parse(JSON.parse(readFileSync(join(out, "report.json"), "utf8")))).toEqual(
      report,
    );
    expect(readFileSync(join(out, "report.md"), "utf8")).toContain("![recall per mode](recall.svg)");
    expect(readFileSync(join(out, "recall.svg"), "utf8")).toMatch(/^<svg /);
    expect(JSON.parse(readFileSync(join(out, "questions.jsonl"), "utf8"))).toEqual(result);
  });
});
