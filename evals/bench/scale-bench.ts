/**
 * Scale benchmark of the embedded store, or of Neo4j (prints figures; asserts nothing; not run by CI):
 *   npm run bench:scale [-- --sizes 100k,300k,1M] [-- --queries 50] [-- --out .scratch/scale]
 *   npm run bench:scale -- --sizes 1M --dir <dir> --keep        (build once, keep the store)
 *   npm run bench:scale -- --sizes 1M --dir <dir> --reuse       (queries only, against the kept store)
 *   npm run bench:scale -- --backend neo4j --sizes 100k,300k [-- --heap 4g] [-- --merge <report.json>]
 * The base is an `agr eval` store (run `agr eval --data <multi-hop set>` once to make it): its
 * real passages and neural vectors, copied and perturbed to each size (scale/copies.ts). Per
 * size: the store is written (ingest without parsing or embedding: chunks/s), made searchable
 * (HNSW indexes built and saved; Neo4j: indexes awaited, server restarted), then a fresh process
 * times the first query and P50/P95 of bm25, dense (HNSW), hybrid and ppr (scale/query-store.ts).
 * Writes report.json, report.md, chart.svg; --merge keeps an earlier report's rows beside these.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { readBaseStore } from "./scale/base-store.js";
import { embeddedSize, type SizeRun } from "./scale/embedded-run.js";
import { neo4jSize, stopBenchNeo4j } from "./scale/neo4j-run.js";
import { renderScaleChart, renderScaleMarkdown } from "./scale/scale-report.js";
import { BACKENDS, MODES, type ScaleReport, ScaleReportSchema, sizeLabel } from "./scale/scale-rows.js";
import { writeMs } from "./scale/write-copies.js";

const { values } = parseArgs({
  options: {
    backend: { type: "string", default: "embedded" },
    sizes: { type: "string", default: "100k,300k,1M" },
    base: { type: "string" },
    questions: { type: "string", default: "../shared/datasets/multihop/2wikimultihopqa/dev.jsonl" },
    queries: { type: "string", default: "50" },
    out: { type: "string", default: ".scratch/scale" },
    /** Where the stores are built (several GB at 1M); removed at the end unless --keep. */
    dir: { type: "string" },
    keep: { type: "boolean", default: false },
    /**
     * Query only: a store kept in --dir by an earlier run (with its build figures beside it) is
     * opened as it is, so the query side can be measured again in minutes, not hours. Implies --keep.
     */
    reuse: { type: "boolean", default: false },
    /** Neo4j JVM heap. The launcher's page cache is fixed at 64 MB (scripts/neo4j/Launcher.java). */
    heap: { type: "string", default: "4g" },
    /** An earlier report.json whose rows (e.g. the embedded store's) are kept before this run's. */
    merge: { type: "string" },
  },
});
const backend = BACKENDS.find((b) => b === values.backend);
if (!backend) throw new Error(`--backend is one of ${BACKENDS.join(", ")}`);
const parseSize = (s: string) => {
  const m = /^(\d+(?:\.\d+)?)([kKmM]?)$/.exec(s.trim());
  if (!m) throw new Error(`bad size ${s} (e.g. 100k, 1M)`);
  return Math.round(Number(m[1]) * ({ k: 1e3, m: 1e6 }[(m[2] ?? "").toLowerCase()] ?? 1));
};
const sizes = values.sizes.split(",").map(parseSize);
const base =
  values.base ??
  readdirSync(".agr/eval")
    .filter((f) => f.startsWith("2wikimultihopqa-") && f.endsWith(".db"))
    .map((f) => join(".agr/eval", f))[0];
if (!base)
  throw new Error(
    "no base store: run agr eval --data ../shared/datasets/multihop/2wikimultihopqa first, or pass --base",
  );
const merged = values.merge
  ? ScaleReportSchema.parse(JSON.parse(readFileSync(values.merge, "utf8")))
  : undefined;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");
const log = (s: string) => console.log(s);

const machine = `${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GB RAM, node ${process.version}`;
log(
  `scale benchmark (${backend}): ${machine}, load ${load()} (shared machine: timings are noisy, single run)`,
);
const baseStore = await readBaseStore(base);
log(
  `base ${base}: ${baseStore.chunks.length} chunks, ${baseStore.nodes.length} nodes, ${baseStore.edges.length} edges`,
);
if (values.reuse && !values.dir)
  throw new Error("--reuse needs --dir (where an earlier --keep run left its stores)");
const keep = values.keep || values.reuse;
const dir = values.dir ?? mkdtempSync(join(tmpdir(), "agr-scale-"));
mkdirSync(dir, { recursive: true });
mkdirSync(values.out, { recursive: true });
const NOTES = {
  common: [
    "Copy 0 is the real store with its neural vectors; copies 1.. perturb the text (10% words dropped, 5% swapped) and mix each vector with 0.35 × another passage's (cheap, clustered like real ones). Entities are shared by all copies.",
  ],
  embedded: [
    "Write time is store.write only (no parsing or embedding), including the merges of the BM25 impact heads (bm25-heads.ts) as the store grows. Latencies: k = 10, questions embedded beforehand; hybrid and ppr run retrieve() as agr eval does.",
    "BM25 ranks by the heads (each term's 1000 best postings by impact, exact rescoring of the best partial sums): approximate where a row outside every rare term's list would win through frequent terms alone. Dense searches of a fresh process use the saved HNSW files mapped read-only (trusted by the store's vectors stamp) with usearch's f16 scores.",
    "First query: a fresh process opens the store and answers one ppr question (BM25, both HNSW indexes, the graph walk). The OS page cache is warm from the build.",
  ],
  neo4j: [
    "Neo4j latencies: k = 10, questions embedded beforehand; hybrid and ppr run retrieve() as agr eval does.",
    "Neo4j rows: the same copies and batches written through Neo4jGraphStore.write to a local Neo4j 5.26 + APOC + open GDS (scripts/neo4j.mjs; its page cache is fixed at 64 MB); write time is store.write, then db.awaitIndexes (index s). The server is stopped (disk = database directory + transaction logs after that clean shutdown) and started again before the query process, which opens the store as agr eval does with NEO4J_URI (openGraphStore, GDS detected, PPR walked by local push in the node process, reading through Bolt only the edges of the nodes it pushes). BM25 is the full-text (Lucene) index, dense the vector index (HNSW). RSS: the node process, plus the JVM's peak while querying (and while writing).",
  ],
};
const report: ScaleReport = {
  created: new Date().toISOString(),
  machine,
  base: `${base} (${baseStore.chunks.length} real chunks, ${baseStore.model.id} vectors)`,
  notes: [...new Set([...NOTES.common, ...(merged?.notes ?? []), ...NOTES[backend]])],
  // A merged row this run measures again is replaced, not shown twice.
  rows: (merged?.rows ?? []).filter((r) => !(r.backend === backend && sizes.includes(r.size))),
};
const write = () => {
  writeFileSync(join(values.out, "report.json"), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(join(values.out, "chart.svg"), renderScaleChart(report));
  writeFileSync(join(values.out, "report.md"), renderScaleMarkdown(report, "chart.svg"));
};
const cleanup = async () => {
  await stopBenchNeo4j().catch((e: unknown) => console.error(`stopping Neo4j failed: ${String(e)}`));
  if (!keep && !values.dir) rmSync(dir, { recursive: true, force: true });
};
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.once(signal, () => {
    console.error(`\n${signal}: stopping Neo4j${!keep && !values.dir ? ` and removing ${dir}` : ""}`);
    void cleanup().finally(() => process.exit(130));
  });
const gb = (bytes: number) => `${(bytes / 2 ** 30).toFixed(2)} GB`;
try {
  for (const size of sizes) {
    log(`\n=== ${backend}, ${sizeLabel(size)} chunks ===`);
    const o = {
      ...{ dir, size, base: baseStore, reuse: values.reuse, keep, heap: values.heap },
      ...{ questions: values.questions, queries: values.queries, log, load },
    };
    const run: SizeRun = backend === "neo4j" ? await neo4jSize(o) : await embeddedSize(o);
    const { build, query, jvm } = run;
    if (run.reusedFrom) {
      log(`reused the store built ${run.reusedFrom}; build figures are that run's`);
      report.notes.push(
        `${backend} ${sizeLabel(size)}: queries against the store kept by the run of ${run.reusedFrom} (--reuse); its build figures and build load are that run's. The OS page cache holds whatever the machine left of it.`,
      );
    }
    const w = writeMs(build);
    log(
      `written: ${build.chunks} chunks, ${build.nodes} nodes, ${build.edges} edges, ${build.vectors} vectors in ` +
        `${(w / 1000).toFixed(0)} s (${(build.chunks / (w / 1000)).toFixed(0)} chunks/s); index ` +
        `${(build.ann_ms / 1000).toFixed(0)} s; ${gb(build.disk_bytes)} on disk; load ${run.buildLoad}`,
    );
    report.rows.push({
      backend,
      size,
      build,
      query,
      ...(jvm ? { jvm } : {}),
      load: { build: run.buildLoad, query: load() },
    });
    for (const m of MODES)
      log(
        `  ${m.padEnd(6)} P50 ${query.modes[m].p50.toFixed(1)} ms  P95 ${query.modes[m].p95.toFixed(1)} ms`,
      );
    log(
      `  first query ${(query.first_query_ms / 1000).toFixed(1)} s (open ${query.open_ms.toFixed(0)} ms); ` +
        `peak RSS ${gb(query.rss_peak_bytes)}` +
        (jvm ? `, JVM ${gb(jvm.query_peak_bytes)} querying, ${gb(jvm.build_peak_bytes)} writing` : "") +
        `; load ${load()}`,
    );
    write();
  }
} finally {
  await cleanup();
}
log(`\nwrote ${join(values.out, "report.md")}, report.json, chart.svg`);
