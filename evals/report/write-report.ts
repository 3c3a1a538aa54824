import { mkdir, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { CHART_FILE } from "../../src/domain/eval-report.js";
import type { EvalRun } from "./eval-run.js";
import { renderMarkdown } from "./render-markdown.js";
import { renderRecallChart } from "./render-recall-chart.js";

/** Writes report.json, report.md, recall.svg and questions.jsonl (per question and mode) to `outDir`. */
export async function writeReport(run: EvalRun, outDir: string): Promise<string[]> {
  const dir = resolve(outDir);
  await mkdir(dir, { recursive: true });
  const files: Array<[string, string]> = [
    ["report.json", `${JSON.stringify(run.report, null, 2)}\n`],
    ["report.md", renderMarkdown(run.report, CHART_FILE)],
    [CHART_FILE, renderRecallChart(run.report)],
    ["questions.jsonl", run.results.map((r) => `${JSON.stringify(r)}\n`).join("")],
  ];
  for (const [name, text] of files) await writeFile(join(dir, name), text);
  return files.map(([name]) => join(dir, name));
}
