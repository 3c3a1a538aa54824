/**
 * Scale benchmark of the embedded store (prints figures; asserts nothing; not run by CI):
 *   npm run bench:scale [-- --sizes 100k,300k,1M] [-- --queries 50] [-- --out .scratch/scale]
 *   npm run bench:scale -- --sizes 1M --dir <dir> --keep        (build once, keep the store)
 *   npm run bench:scale -- --sizes 1M --dir <dir> --reuse       (queries only, against the kept store)
 * The base is an `agr eval` store (run `agr eval --data <multi-hop set>` once to make it): its
 * real passages and neural vectors, copied and perturbed to each size (scale/copies.ts). Per
 * size: the store is written (ingest without parsing or embedding: chunks/s), its HNSW indexes
 * built and saved, then a fresh process opens it and times the first query and P50/P95 of bm25,
 * dense (HNSW), hybrid and ppr (scale/query-store.ts). Writes report.json, report.md, chart.svg.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { readBaseStore } from "./scale/base-store.js";
import { type BuildStats, buildStore, keptBuild, saveBuild } from "./scale/build-store.js";
import {
  MODES,
  type QueryStats,
  renderScaleChart,
  renderScaleMarkdown,
  type ScaleReport,
  sizeLabel,
} from "./scale/scale-report.js";

const { values } = parseArgs({
  options: {
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
  },
});
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
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");
const log = (s: string) => console.log(s);

const machine = `${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GB RAM, node ${process.version}`;
log(`scale benchmark: ${machine}, load ${load()} (shared machine: timings are noisy, single run)`);
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
const report: ScaleReport = {
  created: new Date().toISOString(),
  machine,
  base: `${base} (${baseStore.chunks.length} real chunks, ${baseStore.model.id} vectors)`,
  notes: [
    "Copy 0 is the real store with its neural vectors; copies 1.. perturb the text (10% words dropped, 5% swapped) and mix each vector with 0.35 × another passage's (cheap, clustered like real ones). Entities are shared by all copies.",
    "Write time is store.write only (no parsing or embedding), including the merges of the BM25 impact heads (bm25-heads.ts) as the store grows. Latencies: k = 10, questions embedded beforehand; hybrid and ppr run retrieve() as agr eval does.",
    "BM25 ranks by the heads (each term's 1000 best postings by impact, exact rescoring of the best partial sums): approximate where a row outside every rare term's list would win through frequent terms alone. Dense searches of a fresh process use the saved HNSW files mapped read-only (trusted by the store's vectors stamp) with usearch's f16 scores.",
    "First query: a fresh process opens the store and answers one ppr question (BM25, both HNSW indexes, the graph walk). The OS page cache is warm from the build.",
  ],
  rows: [],
};
const write = () => {
  writeFileSync(join(values.out, "report.json"), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(join(values.out, "chart.svg"), renderScaleChart(report));
  writeFileSync(join(values.out, "report.md"), renderScaleMarkdown(report, "chart.svg"));
};
try {
  for (const size of sizes) {
    const file = join(dir, `scale-${sizeLabel(size)}.db`);
    log(`\n=== ${sizeLabel(size)} chunks ===`);
    const kept = values.reuse ? keptBuild(file) : undefined;
    if (values.reuse && !kept) throw new Error(`--reuse: no kept store ${file} (with ${file}.build.json)`);
    const build: BuildStats = kept?.build ?? (await buildStore(file, baseStore, size, log));
    const w = build.write_ms.nodes + build.write_ms.edges + build.write_ms.vectors;
    const buildLoad = kept?.load ?? load();
    if (!kept) saveBuild(file, build, buildLoad);
    else {
      log(`reusing ${file} (built ${kept.created}); build figures are that run's`);
      report.notes.push(
        `${sizeLabel(size)}: queries against the store kept by the run of ${kept.created} (--reuse); its build figures and build load are that run's. The OS page cache holds whatever the machine left of it.`,
      );
    }
    log(
      `written: ${build.chunks} chunks, ${build.nodes} nodes, ${build.edges} edges, ${build.vectors} vectors in ` +
        `${(w / 1000).toFixed(0)} s (${(build.chunks / (w / 1000)).toFixed(0)} chunks/s); HNSW ` +
        `${(build.ann_ms / 1000).toFixed(0)} s; ${(build.disk_bytes / 2 ** 30).toFixed(2)} GB on disk; load ${buildLoad}`,
    );
    const child = spawnSync(
      process.execPath,
      [
        "--import",
        "tsx",
        "evals/bench/scale/query-store.ts",
        "--store",
        file,
        "--questions",
        values.questions,
        "--queries",
        values.queries,
      ],
      { encoding: "utf8", maxBuffer: 1 << 24, stdio: ["ignore", "pipe", "inherit"] },
    );
    if (child.status !== 0) throw new Error(`query process failed (${child.status ?? child.signal})`);
    const query = JSON.parse(child.stdout.trim().split("\n").pop() ?? "{}") as QueryStats;
    report.rows.push({ size, build, query, load: { build: buildLoad, query: load() } });
    for (const m of MODES)
      log(
        `  ${m.padEnd(6)} P50 ${query.modes[m].p50.toFixed(1)} ms  P95 ${query.modes[m].p95.toFixed(1)} ms`,
      );
    log(
      `  first query ${(query.first_query_ms / 1000).toFixed(1)} s (open ${query.open_ms.toFixed(0)} ms); ` +
        `peak RSS ${(query.rss_peak_bytes / 2 ** 30).toFixed(2)} GB; load ${load()}`,
    );
    write();
    if (!keep)
      for (const f of readdirSync(dir)) if (f.startsWith(`scale-${sizeLabel(size)}.db`)) rmSync(join(dir, f));
  }
} finally {
  if (!keep && !values.dir) rmSync(dir, { recursive: true, force: true });
}
log(`\nwrote ${join(values.out, "report.md")}, report.json, chart.svg`);
