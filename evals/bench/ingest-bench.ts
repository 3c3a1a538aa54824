/**
 * Ingestion benchmark (prints figures; asserts nothing):
 *   npm run bench:ingest [-- --pdf <file.pdf>] [-- --jsonl <corpus.jsonl>]
 * Defaults: the 307-page Uber 10-K and the 6,119-passage 2Wiki corpus from ../shared.
 */
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "../../src/config.js";
import { ingestPaths } from "../../src/ingest/pipeline.js";
import { collectStats } from "../../src/ingest/stats-report.js";
import { SqliteGraphStore } from "../../src/store/embedded/sqlite-store.js";

const { values } = parseArgs({
  options: {
    pdf: { type: "string", default: "../shared/corpora/pdf/uber_2021_form10k.pdf" },
    jsonl: { type: "string", default: "../shared/datasets/multihop/2wikimultihopqa/corpus.jsonl" },
  },
});

const peakRssMb = () => process.resourceUsage().maxRSS / 1024;

async function run(
  label: string,
  file: string,
  unit: (s: Awaited<ReturnType<typeof collectStats>>) => [string, number],
) {
  if (!existsSync(file)) {
    console.log(`${label}: skipped, ${file} not found`);
    return;
  }
  const store = SqliteGraphStore.open(join(mkdtempSync(join(tmpdir(), "agr-bench-")), "graph.db"));
  const started = performance.now();
  const report = await ingestPaths(store, [resolve(file)], { config: loadConfig() });
  const seconds = (performance.now() - started) / 1000;
  const stats = await collectStats(store);
  const [unitName, count] = unit(stats);
  const rerunStart = performance.now();
  const rerun = await ingestPaths(store, [resolve(file)], { config: loadConfig() });
  const rerunSeconds = (performance.now() - rerunStart) / 1000;
  await store.close();
  console.log(
    [
      `${label}: ${file}`,
      `  ingest ${seconds.toFixed(2)} s; ${unitName} ${count} → ${(count / seconds).toFixed(1)} ${unitName}/s`,
      `  chunks ${report.chunks_written} → ${(report.chunks_written / seconds).toFixed(1)} chunks/s; sections ${stats.totals.sections}; tables ${stats.totals.tables}; refs ${stats.totals.refs_resolved} resolved / ${stats.totals.refs_unresolved} unresolved`,
      `  rerun (unchanged) ${rerunSeconds.toFixed(2)} s, chunks_written ${rerun.chunks_written}`,
      `  peak RSS so far ${peakRssMb().toFixed(0)} MB`,
    ].join("\n"),
  );
}

await run("10-K PDF", values.pdf, (s) => ["pages", s.totals.pages]);
await run("2Wiki corpus", values.jsonl, (s) => ["passages", s.totals.sections]);
console.log(`peak RSS ${peakRssMb().toFixed(0)} MB (node ${process.version}, ${process.platform})`);
