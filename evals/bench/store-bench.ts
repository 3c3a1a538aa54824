/**
 * Store benchmark, embedded (SQLite) vs Neo4j 5.26 + GDS (prints figures; asserts nothing):
 *   npm run bench:store [-- --sizes 10000,100000] [-- --queries 50] [-- --heap 3g]
 * One local Neo4j (scripts/neo4j.mjs, APOC + open GDS) is started in a temp home and stopped at
 * the end, also on error or Ctrl-C. Per size N: the synthetic 2Wiki store of N chunks (see
 * store/synthetic.ts) is written to both backends through store.write batches (ingest
 * throughput), then query latency per mode over the 2Wiki dev questions, then section authority
 * and Louvain in process vs pushed down to GDS, with how far results agree. Vectors come from the
 * dependency-free fallback embedder (hashed words, 384 d): latency figures only, not quality.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import neo4j from "neo4j-driver";
import { createFallbackEmbedder } from "../../src/index/embeddings/fallback-embedder.js";
import { retrieve } from "../../src/retrieval/retrieve.js";
import { SqliteGraphStore } from "../../src/store/embedded/sqlite-store.js";
import { DEFAULT_ANN_THRESHOLD } from "../../src/store/embedded/vector-table.js";
import type { GraphStore, VectorRow, WriteBatch } from "../../src/store/graph-store.js";
import { type LocalNeo4j, startNeo4j } from "../../src/store/neo4j/local-server.js";
import { Neo4jGraphStore } from "../../src/store/neo4j/neo4j-store.js";
import { vectorCypher } from "../../tools/vector-cypher.js";
import { ANALYTICS_HEADER, graphAnalytics } from "./store/analytics.js";
import {
  diskBytes,
  type Latency,
  latency,
  mb,
  ms,
  overlap,
  processMemory,
  seconds,
  table,
  timed,
} from "./store/measure.js";
import { loadCorpus } from "./store/synthetic.js";

const { values } = parseArgs({
  options: {
    corpus: { type: "string", default: "../shared/datasets/multihop/2wikimultihopqa/corpus.jsonl" },
    questions: { type: "string", default: "../shared/datasets/multihop/2wikimultihopqa/dev.jsonl" },
    sizes: { type: "string", default: "10000,100000" },
    /** Questions for the store-level searches and hybrid retrieval. */
    queries: { type: "string", default: "50" },
    /** Questions for PPR and VectorCypher, up to `large` chunks, and beyond. */
    "slow-queries": { type: "string", default: "20" },
    "slow-queries-large": { type: "string", default: "5" },
    large: { type: "string", default: "20000" },
    heap: { type: "string", default: "3g" },
    /** Nodes / edges / vector rows per store.write. */
    "node-batch": { type: "string", default: "2000" },
    "edge-batch": { type: "string", default: "5000" },
    "vector-batch": { type: "string", default: "1000" },
  },
});
const sizes = values.sizes
  .split(",")
  .map(Number)
  .filter((n) => n > 0);
const batch = {
  nodes: Number(values["node-batch"]),
  edges: Number(values["edge-batch"]),
  vectors: Number(values["vector-batch"]),
};
const log = (s = "") => console.log(s);
const questions = readFileSync(values.questions, "utf8")
  .trim()
  .split("\n")
  .map((l) => String((JSON.parse(l) as { question: unknown }).question));
const embedder = createFallbackEmbedder();
const model = { id: embedder.id, dim: embedder.dim };
const queryVectors = await embedder.embedQueries(questions);

const dir = mkdtempSync(join(tmpdir(), "agr-sbench-"));
const home = join(dir, "neo4j");
let server: LocalNeo4j | null = null;
let jvmPeak = 0;
const open: GraphStore[] = [];

async function cleanup(): Promise<void> {
  await Promise.allSettled(open.splice(0).map((s) => s.close()));
  const s = server;
  server = null;
  if (s) {
    jvmPeak = Math.max(jvmPeak, processMemory(s.pid)?.peak ?? 0);
    await s.stop().catch((e: unknown) => console.error(`stopping Neo4j failed: ${String(e)}`));
  }
  rmSync(dir, { recursive: true, force: true });
}
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping Neo4j and removing ${dir}`);
    void cleanup().finally(() => process.exit(130));
  });
}

/** Everything in the database, in batches (one transaction for 100k nodes needs a big heap). */
async function clearNeo4j(uri: string): Promise<void> {
  const driver = neo4j.driver(uri);
  const session = driver.session({ database: "neo4j" });
  try {
    // IN TRANSACTIONS only runs in an auto-commit transaction: session.run, not executeWrite.
    await session.run("MATCH ()-[r]->() CALL { WITH r DELETE r } IN TRANSACTIONS OF 50000 ROWS");
    await session.run("MATCH (n) CALL { WITH n DELETE n } IN TRANSACTIONS OF 20000 ROWS");
  } finally {
    await session.close();
    await driver.close();
  }
}

async function neo4jSetting(uri: string, name: string): Promise<string> {
  const driver = neo4j.driver(uri);
  try {
    const { records } = await driver.executeQuery(
      "CALL dbms.listConfig($name) YIELD name, value RETURN value",
      { name },
      { database: "system" },
    );
    return String(records[0]?.get("value") ?? "?");
  } catch {
    return "?";
  } finally {
    await driver.close();
  }
}

type Phases = { nodes: number; edges: number; vectors: number; index: number };
const zero = (): Phases => ({ nodes: 0, edges: 0, vectors: 0, index: 0 });

async function write(store: GraphStore, t: Phases, phase: keyof Phases, b: WriteBatch): Promise<void> {
  t[phase] += (await timed(() => store.write(b)))[1];
}

/** The synthetic store of `size` chunks written to both backends; returns the ingest table. */
async function ingest(size: number, embedded: GraphStore, neo: Neo4jGraphStore, uri: string) {
  const times = { embedded: zero(), neo4j: zero() };
  const count = { nodes: 0, edges: 0, vectors: 0, chunks: 0 };
  for (let r = 0; count.chunks < size; r++) {
    const copy = corpus.copyOf(r, Math.min(corpus.chunksPerCopy, size - count.chunks));
    const rows: VectorRow[] = await corpus.vectorsOf(copy.chunks);
    for (const [store, t] of [
      [embedded, times.embedded],
      [neo, times.neo4j],
    ] as const) {
      for (let i = 0; i < copy.nodes.length; i += batch.nodes)
        await write(store, t, "nodes", { nodes: copy.nodes.slice(i, i + batch.nodes) });
      for (let i = 0; i < copy.edges.length; i += batch.edges)
        await write(store, t, "edges", { edges: copy.edges.slice(i, i + batch.edges) });
      for (let i = 0; i < rows.length; i += batch.vectors)
        await write(store, t, "vectors", { vectors: [{ model, rows: rows.slice(i, i + batch.vectors) }] });
    }
    count.chunks += copy.chunks.length;
    count.nodes += copy.nodes.length;
    count.edges += copy.edges.length;
    count.vectors += rows.length;
  }
  // Until the full-text and vector indexes have caught up the data is not searchable.
  times.neo4j.index = (await timed(() => driverRun(uri, "CALL db.awaitIndexes(1200)")))[1];
  const rowsOut: string[][] = [
    ["backend", "nodes s", "edges s", "vectors s", "index s", "total s", "chunks/s", "rows/s", "on disk"],
  ];
  const rowCount = count.nodes + count.edges + count.vectors;
  const db = join(dir, `embedded-${size}.db`);
  const store = diskBytes(join(home, "data", "databases", "neo4j"));
  const txLog = diskBytes(join(home, "data", "transactions", "neo4j"));
  for (const [name, t, bytes] of [
    ["embedded (SQLite)", times.embedded, mb(diskBytes(db) + diskBytes(`${db}-wal`))],
    ["neo4j", times.neo4j, `${mb(store)} + ${mb(txLog)} tx log`],
  ] as const) {
    const total = t.nodes + t.edges + t.vectors + t.index;
    rowsOut.push([
      name,
      seconds(t.nodes),
      seconds(t.edges),
      seconds(t.vectors),
      seconds(t.index),
      seconds(total),
      (count.chunks / (total / 1000)).toFixed(0),
      (rowCount / (total / 1000)).toFixed(0),
      bytes,
    ]);
  }
  const shape =
    `${count.chunks} chunks: ${count.nodes} nodes, ${count.edges} edges, ${count.vectors} vectors ` +
    `(batches of ${batch.nodes} nodes / ${batch.edges} edges / ${batch.vectors} vectors per store.write)`;
  return { shape, table: table(rowsOut) };
}

async function driverRun(uri: string, cypher: string): Promise<void> {
  const driver = neo4j.driver(uri);
  try {
    await driver.executeQuery(cypher, {}, { database: "neo4j" });
  } finally {
    await driver.close();
  }
}

/** Query latency per mode on every backend, with top-10 agreement against a reference row. */
async function queries(size: number, stores: Record<"embedded" | "neo" | "neoGds" | "neoPlain", GraphStore>) {
  const fast = Math.min(questions.length, Number(values.queries));
  const slow = Math.min(
    questions.length,
    Number(size > Number(values.large) ? values["slow-queries-large"] : values["slow-queries"]),
  );
  const q = (i: number) => questions[i] ?? "";
  const vec = (i: number) => queryVectors[i] ?? new Float32Array(model.dim);
  const out: string[][] = [["mode", "backend", "n", "P50 ms", "P95 ms", "first ms", "top-10 agreement"]];
  const add = (mode: string, backend: string, l: Latency, agree = "") =>
    out.push([mode, backend, String(l.n), ms(l.p50), ms(l.p95), ms(l.first), agree]);
  const retrieveIds = (store: GraphStore, mode: "hybrid" | "ppr") => async (i: number) =>
    (await retrieve({ store, embedder }, q(i), { mode, k: 10 })).map((c) => c.chunk_id);
  const vcIds = (store: GraphStore) => async (i: number) =>
    (await vectorCypher({ store, embedder }, { query: q(i), depth: 2 })).ranked.map((c) => c.chunk_id);
  const vs = (a: Latency, b: Latency, what: string) => `${overlap(a.ids, b.ids).toFixed(2)} vs ${what}`;
  const exact = size < DEFAULT_ANN_THRESHOLD ? "exact" : "HNSW";

  const pairs: Array<[string, number, (s: GraphStore) => (i: number) => Promise<string[]>]> = [
    [
      "bm25 searchText k=10",
      fast,
      (s) => async (i) => (await s.searchText(q(i), { k: 10 })).map((h) => h.id),
    ],
    [
      "dense searchVectors k=10",
      fast,
      (s) => async (i) => (await s.searchVectors(vec(i), { kind: "text", k: 10 })).map((h) => h.id),
    ],
    ["retrieve hybrid k=10", fast, (s) => retrieveIds(s, "hybrid")],
  ];
  for (const [mode, n, run] of pairs) {
    const e = await latency(n, run(stores.embedded));
    const nl = await latency(n, run(stores.neo));
    add(mode, mode.startsWith("dense") ? `embedded (${exact})` : "embedded", e);
    add("", mode.startsWith("dense") ? "neo4j (HNSW index)" : "neo4j", nl, vs(nl, e, "embedded"));
  }
  const pe = await latency(slow, retrieveIds(stores.embedded, "ppr"));
  const pn = await latency(slow, retrieveIds(stores.neo, "ppr"));
  const pg = await latency(slow, retrieveIds(stores.neoGds, "ppr"));
  add("retrieve ppr k=10", "embedded, walk in process", pe);
  add("", "neo4j, graph read, walk in process", pn, vs(pn, pe, "embedded"));
  add("", "neo4j, walk in GDS", pg, vs(pg, pn, "in process"));
  const ve = await latency(slow, vcIds(stores.embedded));
  const vp = await latency(slow, vcIds(stores.neoPlain));
  const vd = await latency(slow, vcIds(stores.neo));
  add("vectorCypher depth 2", "embedded, through the port", ve);
  add("", "neo4j, through the port", vp, vs(vp, ve, "embedded"));
  add("", "neo4j, one Cypher query", vd, vs(vd, vp, "port"));
  return table(out);
}

const loadAverage = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");
const peakRss = () => process.resourceUsage().maxRSS * 1024;
const t0 = performance.now();
log(
  `store benchmark: embedded SQLite vs Neo4j 5.26 + GDS — ${cpus().length} cores, ${mb(totalmem())} RAM, ` +
    `load ${loadAverage()}, node ${process.version}`,
);
log("NOTE: shared machine, other jobs running: all timings are noisy (single run, no repetitions).");
const corpus = await loadCorpus(values.corpus, embedder);
try {
  const [started, startMs] = await timed(() => startNeo4j({ home, plugins: true, heap: values.heap }));
  server = started;
  const pagecache = await neo4jSetting(started.uri, "server.memory.pagecache.size");
  log(corpus.summary);
  log(`Neo4j started in ${seconds(startMs)} s: heap -Xmx${values.heap}, page cache ${pagecache}`);
  for (const size of sizes) {
    await clearNeo4j(started.uri);
    const embedded = SqliteGraphStore.open(join(dir, `embedded-${size}.db`));
    const neo = await Neo4jGraphStore.open({ uri: started.uri });
    open.push(embedded, neo);
    log(`\n=== ${size} chunks ===`);
    const [ing, ingestMs] = await timed(() => ingest(size, embedded, neo, started.uri));
    log(
      `${ing.shape}; written in ${seconds(ingestMs)} s (embedding ${seconds(corpus.embedMs)} s so far, not counted)`,
    );
    log(ing.table);
    const neoGds = await Neo4jGraphStore.open({ uri: started.uri, pushdownPpr: true });
    const neoPlain = await Neo4jGraphStore.open({ uri: started.uri, pushdown: false });
    open.push(neoGds, neoPlain);
    log(`\nQuery latency (ms; "first" = the untimed warm-up call: caches, graph loads, projections)`);
    log(await queries(size, { embedded, neo, neoGds, neoPlain }));
    log(`\nGraph algorithms (${neo.pushdown?.engine ?? "no GDS"}), in process vs pushed down`);
    log(table([ANALYTICS_HEADER, ...(await graphAnalytics(embedded, neo))]));
    await Promise.all(open.splice(0).map((s) => s.close()));
    jvmPeak = Math.max(jvmPeak, processMemory(started.pid)?.peak ?? 0);
    log(`(${size} chunks done after ${seconds(performance.now() - t0)} s, load ${loadAverage()})`);
  }
} finally {
  await cleanup();
}
log(
  `\npeak RSS: this process ${mb(peakRss())}, Neo4j JVM ${jvmPeak ? mb(jvmPeak) : "?"} ` +
    `(heap -Xmx${values.heap}); total ${seconds(performance.now() - t0)} s`,
);
