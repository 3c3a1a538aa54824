import { mkdir, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import type { DocQaRun } from "./docqa-report.js";
import { renderDocQaMarkdown } from "./render-docqa.js";

/** Writes report.json, report.md and questions.jsonl (one line per question) to `outDir`. */
export async function writeDocQaReport(run: DocQaRun, outDir: string): Promise<string[]> {
  const dir = resolve(outDir);
  await mkdir(dir, { recursive: true });
  const files: Array<[string, string]> = [
    ["report.json", `${JSON.stringify(run.report, null, 2)}\n`],
    ["report.md", renderDocQaMarkdown(run.report)],
    ["questions.jsonl", run.results.map((r) => `${JSON.stringify(r)}\n`).join("")],
  ];
  for (const [name, text] of files) await writeFile(join(dir, name), text);
  return files.map(([name]) => join(dir, name));
}
