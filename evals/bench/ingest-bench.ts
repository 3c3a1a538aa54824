/**
 * Ingestion benchmark (prints figures; asserts nothing):
 *   npm run bench:ingest [-- --pdf <file.pdf>] [-- --jsonl <corpus.jsonl>] [-- --embed]
 * Defaults: the 307-page Uber 10-K and the 6,119-passage 2Wiki corpus from ../shared.
 * --embed runs the full index of `agr ingest` (entities, embeddings with AGR_EMBEDDING_MODEL,
 * kNN skeleton) instead of references and entities only. Each run prints seconds per stage.
 */
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "../../src/config.js";
import { createIndexProcessors, type IndexSetup } from "../../src/index/index-processors.js";
import { type IngestOptions, ingestPaths } from "../../src/ingest/pipeline.js";
import { formatStages } from "../../src/ingest/stage-timer.js";
import { collectStats } from "../../src/ingest/stats-report.js";
import { SqliteGraphStore } from "../../src/store/embedded/sqlite-store.js";

const { values } = parseArgs({
  options: {
    pdf: { type: "string", default: "../shared/corpora/pdf/uber_2021_form10k.pdf" },
    jsonl: { type: "string", default: "../shared/datasets/multihop/2wikimultihopqa/corpus.jsonl" },
    embed: { type: "boolean", default: false },
  },
});

const config = loadConfig();
const index: IndexSetup | undefined = values.embed ? await createIndexProcessors(config) : undefined;
if (index?.warning) console.error(index.warning);
const options: IngestOptions = {
  config,
  ...(index ? { processors: index.processors } : {}),
  ...(index?.embedder ? { embedder: index.embedder } : {}),
  ...(index ? { skeleton: { beta: config.skeletonBeta, k: config.knnK } } : {}),
};

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
  const report = await ingestPaths(store, [resolve(file)], options);
  const seconds = (performance.now() - started) / 1000;
  const stats = await collectStats(store);
  const [unitName, count] = unit(stats);
  const rerunStart = performance.now();
  const rerun = await ingestPaths(store, [resolve(file)], options);
  const rerunSeconds = (performance.now() - rerunStart) / 1000;
  await store.close();
  console.log(
    [
      `${label}: ${file}`,
      `  ingest ${seconds.toFixed(2)} s; ${unitName} ${count} → ${(count / seconds).toFixed(1)} ${unitName}/s`,
      `  chunks ${report.chunks_written} → ${(report.chunks_written / seconds).toFixed(1)} chunks/s; sections ${stats.totals.sections}; tables ${stats.totals.tables}; refs ${stats.totals.refs_resolved} resolved / ${stats.totals.refs_unresolved} unresolved`,
      `  stages: ${report.stages ? formatStages(report.stages) : "n/a"}`,
      `  rerun (unchanged) ${rerunSeconds.toFixed(2)} s, chunks_written ${rerun.chunks_written}`,
      `  peak RSS so far ${peakRssMb().toFixed(0)} MB`,
    ].join("\n"),
  );
}

await run("10-K PDF", values.pdf, (s) => ["pages", s.totals.pages]);
await run("2Wiki corpus", values.jsonl, (s) => ["passages", s.totals.sections]);
await index?.close();
console.log(`index: ${index?.embedder ? `full, embedder ${index.embedder.id}` : "references and entities"}`);
console.log(`peak RSS ${peakRssMb().toFixed(0)} MB (node ${process.version}, ${process.platform})`);
