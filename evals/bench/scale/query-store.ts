/**
 * The query side of the scale benchmark, run in a fresh process per store so that the first
 * query and the resident memory are those of a server that has just opened the file:
 *   tsx evals/bench/scale/query-store.ts --store <file> --questions <dev.jsonl> [--queries 50]
 *   tsx evals/bench/scale/query-store.ts --neo4j bolt://127.0.0.1:<port> ...   (a Neo4j store, opened
 *     by openGraphStore as `agr eval` opens it with NEO4J_URI: GDS pushdown as configured)
 * Prints one JSON object (QueryStats). `--fts5`, `--maxscore` and AGR_PPR_EPSILON=0 give the
 * earlier paths (FTS5 scores every match; exact MaxScore without the impact heads; the whole
 * graph loaded, power iteration). Questions are embedded before the clock starts and served
 * from memory, so latencies are the store's and the retrieval's, not the model's (a bge-small
 * query costs ~10–30 ms on top on this machine, the same at every size).
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { loadConfig } from "../../../src/config.js";
import { createEmbedder } from "../../../src/index/embeddings/create-embedder.js";
import type { Embedder } from "../../../src/index/embeddings/embedder.js";
import { retrieve } from "../../../src/retrieval/retrieve.js";
import { SqliteGraphStore } from "../../../src/store/embedded/sqlite-store.js";
import type { GraphStore } from "../../../src/store/graph-store.js";
import { openGraphStore } from "../../../src/store/open-graph-store.js";
import { latency } from "../store/measure.js";
import { MODES, type QueryStats, type ScaleMode } from "./scale-rows.js";

const { values } = parseArgs({
  options: {
    store: { type: "string" },
    /** A Neo4j store instead of a file: its Bolt URI. */
    neo4j: { type: "string" },
    questions: { type: "string", default: "../shared/datasets/multihop/2wikimultihopqa/dev.jsonl" },
    queries: { type: "string", default: "50" },
    /** Let FTS5 score every match (the BM25 path before MaxScore), for before/after figures. */
    fts5: { type: "boolean", default: false },
    /** Exact BM25 by MaxScore over FTS5, without the impact heads. */
    maxscore: { type: "boolean", default: false },
  },
});
if (!values.store === !values.neo4j) throw new Error("one of --store <file> or --neo4j <uri> is required");
const questions = readFileSync(values.questions, "utf8")
  .trim()
  .split("\n")
  .map((l) => String((JSON.parse(l) as { question: unknown }).question))
  .slice(0, Number(values.queries));

const config = loadConfig();
const made = await createEmbedder(config);
if (!made) throw new Error("the scale benchmark needs the local embedder (AGR_EMBEDDER unset)");
const vectors = await made.embedder.embedQueries(questions);
const byText = new Map(questions.map((q, i) => [q, vectors[i] ?? new Float32Array(made.embedder.dim)]));
const real = made.embedder;
const embedder: Embedder = {
  id: real.id,
  dim: real.dim,
  kind: real.kind,
  embedQueries: async (texts) =>
    Promise.all(
      texts.map(async (t) => byText.get(t) ?? (await real.embedQueries([t]))[0] ?? new Float32Array()),
    ),
  embedPassages: (texts) => real.embedPassages(texts),
};

const t0 = performance.now();
const store: GraphStore = values.neo4j
  ? await openGraphStore({ ...config, neo4jUri: values.neo4j })
  : SqliteGraphStore.open(values.store ?? "", { textTopK: !values.fts5, textHeads: !values.maxscore });
const model = await store.vectorModel();
if (model && model.id !== embedder.id)
  throw new Error(`store vectors are ${model.id}, embedder is ${embedder.id}`);
const openMs = performance.now() - t0;
const q = (i: number) => questions[i] ?? "";
const ids = (mode: "hybrid" | "ppr") => async (i: number) =>
  (await retrieve({ store, embedder }, q(i), { mode, k: 10 })).map((c) => c.chunk_id);
await ids("ppr")(0);
const firstMs = performance.now() - t0;
const n = questions.length;
const runs: Record<ScaleMode, (i: number) => Promise<string[]>> = {
  bm25: async (i) => (await store.searchText(q(i), { k: 10 })).map((h) => h.id),
  dense: async (i) =>
    (await store.searchVectors(vectors[i] ?? new Float32Array(), { kind: "text", k: 10 })).map((h) => h.id),
  hybrid: ids("hybrid"),
  ppr: ids("ppr"),
};
const modes = {} as QueryStats["modes"];
for (const mode of MODES) {
  const l = await latency(n, runs[mode]);
  modes[mode] = { n, p50: l.p50, p95: l.p95, first: l.first };
}
await store.close();
const stats: QueryStats = {
  open_ms: openMs,
  first_query_ms: firstMs,
  modes,
  rss_peak_bytes: process.resourceUsage().maxRSS * 1024,
  rss_bytes: process.memoryUsage().rss,
};
process.stdout.write(`${JSON.stringify(stats)}\n`);
await real.close?.();
