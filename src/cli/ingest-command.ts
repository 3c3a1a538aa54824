import type { Command } from "commander";
import { createIndexProcessors } from "../index/index-processors.js";
import { ingestPaths } from "../ingest/pipeline.js";
import { withStore } from "./open-store.js";
import { printJson, warn } from "./output.js";
import { ingestProgress } from "./progress.js";

export function registerIngest(program: Command): void {
  program
    .command("ingest")
    .description("ingest files, folders or globs into the store (reruns skip unchanged documents)")
    .argument("<paths...>", "files, folders (recursive) or glob patterns")
    .option("--store <file>", "store file (default ./.agr/graph.db, or AGR_STORE)")
    .option("--json", "print one JSON object and no progress bars")
    .action(async (paths: string[], opts: { store?: string; json?: boolean }) => {
      const report = await withStore(opts, async (store, config) => {
        const index = await createIndexProcessors(config);
        if (index.warning) warn(index.warning);
        const progress = ingestProgress(!opts.json);
        try {
          return await ingestPaths(store, paths, {
            config,
            processors: index.processors,
            ...(index.embedder ? { embedder: index.embedder } : {}),
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
      }
      // Non-zero only when nothing could be ingested: a bad file does not fail the batch.
      if (report.ingested + report.skipped === 0) process.exitCode = 1;
    });
}
