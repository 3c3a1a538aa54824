import { existsSync } from "node:fs";
import { answererOf, type CreateEmbedder, openAgentDeps } from "../../agents/agent-deps.js";
import { storeConfig } from "../../src/cli/open-store.js";
import { formatTable, warn } from "../../src/cli/output.js";
import { stderrBar } from "../../src/cli/progress.js";
import { userError } from "../../src/errors.js";
import type { DocQaReport } from "../report/docqa-report.js";
import { DOCQA_HEADERS, docQaRows, docQaSummary } from "../report/render-docqa.js";
import { writeDocQaReport } from "../report/write-docqa-report.js";
import { loadDocQa, runDocQa } from "../runner/run-docqa.js";

export interface DocQaEvalOptions {
  questions: string;
  store?: string;
  limit?: number;
  out?: string;
  json?: boolean;
}

/**
 * `agr eval --questions <docqa file> --store <file>`: the agent (as `agr ask` runs it, in process)
 * on every question of a document-QA set over an already ingested store, scored by the set's rules.
 */
export async function docQaEval(
  opts: DocQaEvalOptions,
  createEmbedder?: CreateEmbedder,
): Promise<DocQaReport> {
  const config = storeConfig({ ...(opts.store ? { store: opts.store } : {}) });
  if (!config.neo4jUri && !existsSync(config.storePath))
    throw userError(
      "no_store",
      `no store at ${config.storePath}: run agr ingest <corpus folder> --store <file> first`,
    );
  const questions = await loadDocQa(opts.questions);
  const opened = await openAgentDeps(config, createEmbedder);
  const progress = questionBar(!opts.json);
  try {
    const run = await runDocQa(questions, {
      deps: opened.deps,
      store: config.neo4jUri ?? config.storePath,
      embedder: opened.deps.embedder?.id ?? "none",
      answerer: answererOf(config),
      warnings: opened.warnings,
      baseDir: process.cwd(),
      onProgress: progress.update,
      ...(opts.limit !== undefined ? { limit: opts.limit } : {}),
    });
    progress.stop();
    if (opts.out) await writeDocQaReport(run, opts.out);
    return run.report;
  } finally {
    progress.stop();
    await opened.close();
  }
}

/** The human output: header line, the metrics table (overall and per gold route), the summary line. */
export function printDocQa(report: DocQaReport, out: string | undefined): void {
  for (const w of report.warnings) warn(w);
  const lines = [
    `${report.dataset}/${report.split}: ${report.questions} questions; store ${report.store}; embedder ${report.embedder}; answerer ${report.answerer}`,
    formatTable(DOCQA_HEADERS, docQaRows(report)),
    docQaSummary(report),
    "Tuning figures on a dev-only set (no held-out split).",
    ...(out ? [`report written to ${out}`] : []),
  ];
  process.stdout.write(`${lines.join("\n")}\n`);
}

/** One bar over the questions, on stderr for interactive use only (see stderrBar). */
function questionBar(enabled: boolean): { update: (done: number, total: number) => void; stop: () => void } {
  const bar = stderrBar(enabled, "agent [{bar}] {value}/{total}");
  if (!bar) return { update: () => {}, stop: () => {} };
  let started = false;
  return {
    update(done, total) {
      if (!started) bar.start(total, 0);
      started = true;
      bar.update(done);
    },
    stop() {
      if (started) bar.stop();
      started = false;
    },
  };
}
