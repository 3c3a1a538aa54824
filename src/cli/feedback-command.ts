import { existsSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import type { Command } from "commander";
import { userError } from "../errors.js";
import { type FeedbackCase, feedbackCases } from "../service/feedback-cases.js";
import { feedbackFile, readFeedbackFile } from "../service/feedback-log.js";
import { storeConfig } from "./open-store.js";
import { printJson, warn } from "./output.js";

interface ExportOptions {
  store?: string;
  dataDir?: string;
  out?: string;
  all?: boolean;
  json?: boolean;
}

export interface FeedbackExport {
  file: string;
  cases: FeedbackCase[];
  by_type: Record<string, number>;
  skipped_lines: number;
}

/** Reads `<dataDir>/feedback/feedback.jsonl` (each line validated) and turns it into eval questions. */
export function exportFeedback(dataDir: string, options: { all?: boolean } = {}): FeedbackExport {
  const file = feedbackFile(dataDir);
  if (!existsSync(file)) throw userError("feedback_not_found", `no feedback log at ${file}`);
  const { records, skipped } = readFeedbackFile(file);
  const cases = feedbackCases(records, options);
  const by_type: Record<string, number> = {};
  for (const c of cases) by_type[c.type] = (by_type[c.type] ?? 0) + 1;
  return { file, cases, by_type, skipped_lines: skipped };
}

export const toJsonl = (cases: readonly FeedbackCase[]) =>
  cases.map((c) => `${JSON.stringify(c)}\n`).join("");

/** `agr feedback export`: the served store's feedback log as a question file `agr eval --questions` reads. */
export function registerFeedback(program: Command): void {
  const feedback = program.command("feedback").description("the feedback log `agr serve` writes");
  feedback
    .command("export")
    .description(
      "write not-found, unhelpful, helpful and clicked answers as eval questions (JSONL, the shape of a dataset's dev.jsonl) for `agr eval --questions`",
    )
    .option(
      "--store <file>",
      "store file whose data folder holds the log (default ./.agr/graph.db, or AGR_STORE)",
    )
    .option("--data-dir <folder>", "the server's data folder (default AGR_DATA_DIR, else the store's folder)")
    .option("--out <file.jsonl>", "write the questions here (default: stdout)")
    .option("--all", "also answered queries nobody gave feedback on")
    .option("--json", "print one JSON object (a summary with --out, else the cases too)")
    .action((opts: ExportOptions) => {
      const config = storeConfig(opts);
      const dataDir = resolve(opts.dataDir ?? config.dataDir ?? dirname(config.storePath));
      const out = exportFeedback(dataDir, { all: opts.all === true });
      if (out.skipped_lines) warn(`${out.skipped_lines} invalid line(s) in ${out.file} skipped`);
      if (out.cases.length === 0) warn("nothing to export yet (no not-found, rated or clicked answers)");
      const summary = { file: out.file, by_type: out.by_type, skipped_lines: out.skipped_lines };
      if (!opts.out) {
        if (opts.json) printJson({ ...summary, cases: out.cases });
        else process.stdout.write(toJsonl(out.cases));
        return;
      }
      writeFileSync(opts.out, toJsonl(out.cases));
      if (opts.json) printJson({ ...summary, out: resolve(opts.out), exported: out.cases.length });
      else process.stdout.write(`exported ${out.cases.length} question(s) to ${opts.out}\n`);
    });
}
