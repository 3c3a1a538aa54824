import type { Command } from "commander";
import type { Config } from "../config.js";
import { withStore } from "./open-store.js";
import { printJson, warn } from "./output.js";

export function registerIngest(program: Command): void {
  program
    .command("ingest")
    .description("ingest files, folders or globs into the store (reruns skip unchanged documents)")
    .argument("<paths...>", "files, folders (recursive) or glob patterns")
    .option("--store <file>", "store file (default ./.agr/graph.db, or AGR_STORE)")
    .option("--json", "print one JSON object and no progress bars")
    .action(async (paths: string[], opts: { store?: string; json?: boolean }) => {
      const unwatch = watchIngestEnd();
      try {
        await runIngest(paths, opts);
      } finally {
        unwatch();
      }
    });
}

async function runIngest(paths: string[], opts: { store?: string; json?: boolean }): Promise<void> {
  const [{ createIndexProcessors }, { formatSkeleton }, { ingestPaths }, { ingestProgress }] =
    await Promise.all([
      import("../index/index-processors.js"),
      import("../index/skeleton/skeleton-report.js"),
      import("../ingest/pipeline.js"),
      import("./progress.js"),
    ]);
  const report = await withStore(opts, async (store, config) => {
    const index = await createIndexProcessors(config);
    if (index.warning) warn(index.warning);
    const progress = ingestProgress(!opts.json);
    const llm = await skeletonLlm(config);
    try {
      return await ingestPaths(store, paths, {
        config,
        processors: index.processors,
        ...(index.embedder ? { embedder: index.embedder } : {}),
        skeleton: { beta: config.skeletonBeta, k: config.knnK, ...(llm ? { llm } : {}) },
        onEvent: progress.onEvent,
      });
    } finally {
      progress.stop();
      await index.close();
    }
  });
  if (opts.json) printJson(report);
  else {
    for (const f of report.failed) warn(`${f.path}: ${f.error}`);
    process.stdout.write(
      `ingested ${report.ingested}, skipped ${report.skipped} unchanged, failed ${report.failed.length}; ` +
        `chunks written ${report.chunks_written}, processed ${report.chunks_processed}` +
        `${report.chunks_failed ? `, FAILED ${report.chunks_failed}` : ""}; links resolved ${report.links_resolved}\n`,
    );
    if (report.skeleton) process.stdout.write(`${formatSkeleton(report.skeleton)}\n`);
    if (report.skeleton?.error) warn(`LLM extraction stopped: ${report.skeleton.error} (rerun to continue)`);
  }
  // Non-zero only when nothing could be ingested: a bad file does not fail the batch.
  if (report.ingested + report.skipped === 0) process.exitCode = 1;
}

const STOP_SIGNALS = ["SIGHUP", "SIGTERM"] as const;

/**
 * Makes an ingest that ends early say so on stderr; every finished batch is already written, so
 * a rerun resumes. Node ends a process whose event loop is empty even while a promise is still
 * awaited, silently (exit code 0, or 13 under bin/agr.mjs's top-level await): here it exits 1
 * with a line instead. And Node resets the SIGHUP that `nohup` ignores, so a hangup ended a
 * "nohup" ingest without a word: it is reported, then re-raised (same exit status as before).
 * Returns the function that stops watching, for when the command is done.
 */
export function watchIngestEnd(): () => void {
  const unfinished = () => {
    warn(
      "ingest stopped before finishing: it was waiting for work nothing was doing (a bug); rerun to resume",
    );
    process.exitCode = 1;
  };
  const stopped = (signal: NodeJS.Signals) => {
    warn(`ingest stopped by ${signal}; finished batches are saved, rerun to resume`);
    unwatch();
    process.kill(process.pid, signal);
  };
  const unwatch = () => {
    process.off("beforeExit", unfinished);
    for (const signal of STOP_SIGNALS) process.off(signal, stopped);
  };
  process.on("beforeExit", unfinished);
  for (const signal of STOP_SIGNALS) process.on(signal, stopped);
  return unwatch;
}

/** The LLM extractor AGR_LLM configures (loaded on demand), or undefined for keyword links only. */
async function skeletonLlm(config: Config) {
  if (config.llm === "none") return undefined;
  const { createChatModel } = await import("../llm/chat-model.js");
  const { createLlmExtractor } = await import("../llm/llm-extractor.js");
  const chat = await createChatModel(config);
  return chat
    ? { id: chat.id, extract: createLlmExtractor(chat.model), batchSize: config.llmBatchSize }
    : undefined;
}
