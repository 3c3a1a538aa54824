/**
 * Retrieval benchmark (prints figures; asserts nothing):
 *   npm run bench:retrieval [-- --sizes 10000,100000] [-- --sweep 1000,5000,...] [-- --queries 100]
 * The 2Wiki corpus is ingested once (reference + entity processors), then copied with perturbed
 * text (10% of words dropped, 5% swapped) into stores of N chunks, written through store.write.
 * Vectors come from the dependency-free fallback embedder (hashed words, 384 d): a neural model
 * embeds ~9 passages/s on these 2 cores, far too slow for 100k. Latency figures only.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "../../src/config.js";
import type { ChunkNode } from "../../src/domain/chunk.js";
import type { GraphEdge } from "../../src/domain/graph-edge.js";
import { type GraphNode, NODE_LABELS } from "../../src/domain/graph-node.js";
import { createFallbackEmbedder } from "../../src/index/embeddings/fallback-embedder.js";
import { createEntityProcessor } from "../../src/index/extract/entity-processor.js";
import { ingestPaths } from "../../src/ingest/pipeline.js";
import { createReferenceProcessor } from "../../src/ingest/reference-processor.js";
import { retrieve } from "../../src/retrieval/retrieve.js";
import { SqliteGraphStore } from "../../src/store/embedded/sqlite-store.js";
import { StoreFileReader } from "../../src/store/embedded/store-file-reader.js";
import { seededRandom } from "../../src/store/embedded/synthetic-vectors.js";
import { DEFAULT_ANN_THRESHOLD } from "../../src/store/embedded/vector-table.js";
import type { ScoredId, VectorRow } from "../../src/store/graph-store.js";
import { perturber, scopedRewriter } from "./store/corpus-copy.js";

const { values } = parseArgs({
  options: {
    corpus: { type: "string", default: "../shared/datasets/multihop/2wikimultihopqa/corpus.jsonl" },
    questions: { type: "string", default: "../shared/datasets/multihop/2wikimultihopqa/dev.jsonl" },
    sizes: { type: "string", default: "10000,100000" },
    sweep: { type: "string", default: "1000,5000,10000,25000,50000,100000" },
    queries: { type: "string", default: "100" },
    /** PPR over the 100k-passage graph takes seconds per question: fewer of them. */
    "retrieve-queries": { type: "string", default: "20" },
  },
});
const numbers = (s: string) =>
  s
    .split(",")
    .map(Number)
    .filter((n) => n > 0);
const sizes = numbers(values.sizes);
const sweep = numbers(values.sweep).filter((n) => n <= Math.max(...sizes));
const questions = readFileSync(values.questions, "utf8")
  .trim()
  .split("\n")
  .map((l) => String((JSON.parse(l) as { question: unknown }).question))
  .slice(0, Number(values.queries));
const embedder = createFallbackEmbedder();
const model = { id: embedder.id, dim: embedder.dim };
const queryVectors = await embedder.embedQueries(questions);
const dir = mkdtempSync(join(tmpdir(), "agr-rbench-"));
const peakRssMb = () => (process.resourceUsage().maxRSS / 1024).toFixed(0);
const log = (s: string) => console.log(s);

function percentiles(ms: number[]): string {
  const s = [...ms].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.max(0, Math.ceil(p * s.length) - 1))] ?? 0;
  return `${at(0.5).toFixed(2).padStart(8)} ${at(0.95).toFixed(2).padStart(8)}`;
}
async function timed<T>(run: () => Promise<T> | T): Promise<[T, number]> {
  const t = performance.now();
  const out = await run();
  return [out, performance.now() - t];
}
/** P50/P95 over the questions (or `n` of them), after one untimed warm-up call (unless `cold`). */
async function latency(run: (i: number) => Promise<unknown> | unknown, n = questions.length, cold = false) {
  if (!cold) await run(0);
  const ms: number[] = [];
  for (let i = 0; i < n; i++) ms.push((await timed(() => run(i % questions.length)))[1]);
  return percentiles(ms);
}

// 1. The real corpus, ingested once.
const base = SqliteGraphStore.open(join(dir, "base.db"));
const [, ingestMs] = await timed(() =>
  ingestPaths(base, [resolve(values.corpus)], {
    config: loadConfig(),
    processors: [createReferenceProcessor(), createEntityProcessor()],
  }),
);
const baseNodes = (await Promise.all(NODE_LABELS.map((label) => base.findNodes({ label })))).flat();
const baseEdges = await base.findEdges({});
await base.close();
const baseChunks = baseNodes.filter((n): n is ChunkNode => n.label === "Chunk");
const vocabulary = baseChunks.flatMap((c) => c.text.split(" ").slice(0, 3));
log(
  `base: ${baseChunks.length} chunks, ${baseNodes.length} nodes, ${baseEdges.length} edges from ${values.corpus} (ingest ${(ingestMs / 1000).toFixed(1)} s)`,
);

// 2. Copy r of the corpus: every document-scoped id gets "~r"; entities stay shared.
const scoped = new Set(baseNodes.filter((n) => n.doc_id !== "").map((n) => n.id));
const rewrite = scopedRewriter(scoped);
const perturb = perturber(vocabulary);
function copyOf(r: number, keepChunks: number): { nodes: GraphNode[]; edges: GraphEdge[] } {
  const dropped = new Set(baseChunks.slice(keepChunks).map((c) => c.id));
  const rand = seededRandom(r + 1);
  const nodes = baseNodes
    .filter((n) => (r === 0 || n.doc_id !== "") && !dropped.has(n.id))
    .map((n) => {
      if (r === 0) return n;
      const copy = rewrite(n, `~${r}`);
      if (copy.label === "Chunk") copy.text = perturb(copy.text, rand);
      if (copy.label === "Document") copy.uri = `${copy.uri}#copy-${r}`;
      return copy;
    });
  // MENTIONS (section → entity) is left out: no measured mode reads it and it halves write time.
  const edges = baseEdges
    .filter((e) => e.type !== "MENTIONS" && (r === 0 || e.doc_id !== ""))
    .filter((e) => !dropped.has(e.src) && !dropped.has(e.dst))
    .map((e) => (r === 0 ? e : rewrite(e, `~${r}`)));
  return { nodes, edges };
}

const textVectors = new Map<string, Float32Array>();
/** Copies share their headings: one vector per distinct heading path. */
const headingVectors = new Map<string, Float32Array>();
async function vectorsOf(chunks: readonly ChunkNode[]): Promise<VectorRow[]> {
  const todo = chunks.filter((c) => !textVectors.has(c.id));
  const texts = await embedder.embedPassages(todo.map((c) => `${c.heading_path.join(" > ")}\n\n${c.text}`));
  for (const [i, c] of todo.entries()) textVectors.set(c.id, texts[i] ?? new Float32Array());
  const paths = [...new Set(chunks.map((c) => c.heading_path.join(" > ")))].filter(
    (h) => !headingVectors.has(h),
  );
  for (const [i, v] of (await embedder.embedPassages(paths)).entries()) headingVectors.set(paths[i] ?? "", v);
  return chunks.flatMap((c) => {
    const text = textVectors.get(c.id);
    const heading = headingVectors.get(c.heading_path.join(" > "));
    return text && heading
      ? [
          { id: c.id, kind: "text", vector: text },
          { id: c.id, kind: "heading", vector: heading },
        ]
      : [];
  });
}

/** A store of `total` chunks; returns its file, its chunk ids in order and where the time went. */
async function buildStore(total: number) {
  const file = join(dir, `scaled-${total}.db`);
  const store = SqliteGraphStore.open(file);
  const chunkIds: string[] = [];
  const ms = { copy: 0, nodes: 0, edges: 0, embed: 0, vectors: 0 };
  const phase = async <T>(name: keyof typeof ms, run: () => Promise<T> | T): Promise<T> => {
    const [out, took] = await timed(run);
    ms[name] += took;
    return out;
  };
  for (let r = 0; chunkIds.length < total; r++) {
    const keep = Math.min(baseChunks.length, total - chunkIds.length);
    const { nodes, edges } = await phase("copy", () => copyOf(r, keep));
    const chunks = nodes.filter((n): n is ChunkNode => n.label === "Chunk");
    await phase("nodes", async () => {
      for (let i = 0; i < nodes.length; i += 5000) await store.write({ nodes: nodes.slice(i, i + 5000) });
    });
    await phase("edges", async () => {
      for (let i = 0; i < edges.length; i += 20000) await store.write({ edges: edges.slice(i, i + 20000) });
    });
    const rows = await phase("embed", () => vectorsOf(chunks));
    await phase("vectors", () => store.upsertVectors(model, rows));
    chunkIds.push(...chunks.map((c) => c.id));
  }
  await store.close();
  const took = Object.entries(ms).map(([k, v]) => `${k} ${(v / 1000).toFixed(1)} s`);
  return { file, chunkIds, took: took.join(", ") };
}

/** The search this engine did before the in-memory matrix: a SQLite scan and a JS dot product. */
function sqliteScan(db: StoreFileReader, kind: string, q: Float32Array, k: number): ScoredId[] {
  const hits: ScoredId[] = [];
  for (const { id, vector: v } of db.vectors(kind)) {
    let dot = 0;
    for (let i = 0; i < v.length; i++) dot += (v[i] ?? 0) * (q[i] ?? 0);
    hits.push({ id, score: dot });
  }
  return hits.sort((a, b) => b.score - a.score).slice(0, k);
}

/** Share of the exact top k found; a tie with the exact k-th score counts as found. */
function recall(truth: ScoredId[][], got: ScoredId[][]): number {
  let found = 0;
  let wanted = 0;
  for (const [i, t] of truth.entries()) {
    const kth = t[t.length - 1]?.score ?? 0;
    wanted += t.length;
    found += (got[i] ?? []).filter((h) => h.score >= kth - 1e-6 || t.some((x) => x.id === h.id)).length;
  }
  return found / Math.max(1, wanted);
}

// 3. Latency per size: BM25, vector search (exact, approximate), retrieval modes.
const header = "   size  operation                                 P50 ms   P95 ms";
const table: string[] = [header];
const sweepRows: string[] = [];
let annBuild = 0;
for (const size of sizes) {
  const [{ file, chunkIds, took }, buildMs] = await timed(() => buildStore(size));
  log(`store of ${chunkIds.length} chunks written in ${(buildMs / 1000).toFixed(1)} s (${took})`);
  const auto = SqliteGraphStore.open(file);
  const exact = SqliteGraphStore.open(file, { vectorIndex: { annThreshold: Number.POSITIVE_INFINITY } });
  const ann = SqliteGraphStore.open(file, { vectorIndex: { annThreshold: 0 } });
  const row = (op: string, p: string) => table.push(`${String(size).padStart(7)}  ${op.padEnd(40)}${p}`);
  const vq = (i: number) => queryVectors[i] ?? new Float32Array(model.dim);
  row("searchText (BM25, k=10)", await latency((i) => auto.searchText(questions[i] ?? "", { k: 10 })));
  [, annBuild] = await timed(() => ann.searchVectors(vq(0), { kind: "text", k: 10 }));
  const reopened = SqliteGraphStore.open(file, { vectorIndex: { annThreshold: 0 } });
  const [, annLoad] = await timed(() => reopened.searchVectors(vq(0), { kind: "text", k: 10 }));
  await reopened.close();
  row(
    "searchVectors exact (k=10)",
    await latency((i) => exact.searchVectors(vq(i), { kind: "text", k: 10 })),
  );
  row("searchVectors HNSW (k=10)", await latency((i) => ann.searchVectors(vq(i), { kind: "text", k: 10 })));
  const path = size >= DEFAULT_ANN_THRESHOLD ? "HNSW" : "exact";
  for (const mode of ["bm25", "hybrid", "ppr"] as const) {
    const [, firstMs] = await timed(() =>
      retrieve({ store: auto, embedder }, questions[0] ?? "", { mode, k: 10 }),
    );
    const p = await latency(
      (i) => retrieve({ store: auto, embedder }, questions[i] ?? "", { mode, k: 10 }),
      Math.min(questions.length, Number(values["retrieve-queries"])),
    );
    row(
      `retrieve ${mode} (k=10${mode === "bm25" ? "" : `, vectors ${path}`})`,
      `${p}  first ${firstMs.toFixed(0)} ms`,
    );
  }
  log(
    `  HNSW over ${size} text vectors: built in ${(annBuild / 1000).toFixed(1)} s, saved index loaded in ${(annLoad / 1000).toFixed(2)} s`,
  );
  await Promise.all([auto.close(), exact.close(), ann.close()]);

  // 4. Exact vs approximate by vector count, on the biggest store (kinds sweep:<n> = first n vectors).
  if (size !== Math.max(...sizes)) continue;
  const writer = SqliteGraphStore.open(file);
  // The store's own "text" kind is the sweep's biggest size: its saved index is reused.
  const kindOf = (n: number) => (n === chunkIds.length ? "text" : `sweep:${n}`);
  for (const n of sweep.filter((n) => kindOf(n) !== "text")) {
    const rows = chunkIds.slice(0, n).flatMap((id) => {
      const vector = textVectors.get(id);
      return vector ? [{ id, kind: kindOf(n), vector }] : [];
    });
    await writer.upsertVectors(model, rows);
  }
  await writer.close();
  const db = StoreFileReader.open(file);
  const ex = SqliteGraphStore.open(file, { vectorIndex: { annThreshold: Number.POSITIVE_INFINITY } });
  const ap = SqliteGraphStore.open(file, { vectorIndex: { annThreshold: 0 } });
  sweepRows.push("vectors  old scan P50/P95     exact P50/P95     HNSW P50/P95   HNSW build s  recall@10");
  for (const n of sweep) {
    const kind = kindOf(n);
    const search = (s: SqliteGraphStore, i: number) =>
      s.searchVectors(queryVectors[i] ?? new Float32Array(), { kind, k: 10 });
    // The old path costs seconds per query at 100k: a few queries give its median.
    const old = await latency(
      (i) => sqliteScan(db, kind, queryVectors[i] ?? new Float32Array(), 10),
      n <= 5000 ? 10 : n <= 10_000 ? 5 : 2,
      true,
    );
    const exactP = await latency((i) => search(ex, i));
    const [, first] = await timed(() => search(ap, 0));
    const build = kind === "text" ? annBuild : first;
    const annP = await latency((i) => search(ap, i));
    const truth = await Promise.all(questions.map((_, i) => search(ex, i)));
    const got = await Promise.all(questions.map((_, i) => search(ap, i)));
    sweepRows.push(
      `${String(n).padStart(7)} ${old} ${exactP} ${annP} ${(build / 1000).toFixed(1).padStart(13)} ${recall(truth, got).toFixed(3).padStart(10)}`,
    );
  }
  db.close();
  await Promise.all([ex.close(), ap.close()]);
}

log(
  `\nLatency in ms: ${questions.length} 2Wiki dev questions (retrieve: ${values["retrieve-queries"]}), fallback embedder, default ANN threshold ${DEFAULT_ANN_THRESHOLD}`,
);
log(table.join("\n"));
log("\nExact vs approximate vector search by count (384 d, ms per query, 1 query thread)");
log(sweepRows.join("\n"));
log(`\npeak RSS ${peakRssMb()} MB (node ${process.version}, ${process.platform})`);
rmSync(dir, { recursive: true, force: true });
