import { execFile } from "node:child_process";
import { rmSync } from "node:fs";
import { join } from "node:path";
import neo4j from "neo4j-driver";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { FIXTURE_DOCS } from "../../tools/test-store.js";
import { clearNeo4jAgrData } from "../cli/migrate-command.js";
import type { GraphEdge } from "../domain/graph-edge.js";
import { createEmbeddingProcessor } from "../index/embeddings/embedding-processor.js";
import { createFallbackEmbedder } from "../index/embeddings/fallback-embedder.js";
import { createEntityProcessor } from "../index/extract/entity-processor.js";
import { ingestPaths } from "../ingest/pipeline.js";
import { createReferenceProcessor } from "../ingest/reference-processor.js";
import { freePort, TEST_CONFIG, tempDir } from "../ingest/test-helpers.js";
import { fixtureDocument } from "./contract-fixture.js";
import { SqliteGraphStore } from "./embedded/sqlite-store.js";
import type { GraphStore, StoreCounts } from "./graph-store.js";
import { countDifferences, migrateStore } from "./migrate-store.js";
import { pidAlive } from "./neo4j/lease-neo4j.js";
import { Neo4jGraphStore } from "./neo4j/neo4j-store.js";

// A real server on 2 shared cores: a query can take seconds while another suite loads it.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

// One REAL Neo4j 5.26 for the file, started and stopped through the CLI (`agr neo4j start|stop`,
// no plugins: it starts faster); the embedded source holds the test fixtures with fallback vectors.
const ROOT = join(import.meta.dirname, "../..");
const BIN = join(ROOT, "bin/agr.mjs");
const dir = tempDir("agr-migrate-int-");
const sourceFile = join(dir, "graph.db");
const embedder = createFallbackEmbedder();
const cleanEnv = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("NEO4J_")));
let source: SqliteGraphStore;
let port = 0;
let uri = "";
let started: Run;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function agr(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      [BIN, ...args],
      { env: { ...cleanEnv, AGR_STORE: "", ...env }, timeout: 20 * 60_000, cwd: ROOT },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
        done({ code, stdout, stderr });
      },
    );
  });
}

const config = () => ({ storePath: sourceFile, neo4jUri: uri, neo4jDatabase: "neo4j", neo4jPushdown: false });
const openTarget = () => Neo4jGraphStore.open({ uri, pushdown: false });

beforeAll(async () => {
  source = SqliteGraphStore.open(sourceFile);
  port = await freePort();
  // The source store is built while the server starts (a start takes seconds of waiting).
  [, started] = await Promise.all([
    ingestPaths(source, [FIXTURE_DOCS], {
      config: TEST_CONFIG,
      processors: [createReferenceProcessor(), createEntityProcessor(), createEmbeddingProcessor(embedder)],
      embedder,
    }),
    agr(["neo4j", "start", "--port", String(port), "--json", "--no-plugins"]),
  ]);
  uri = `bolt://127.0.0.1:${port}`;
}, 20 * 60_000);

afterAll(async () => {
  await source?.close();
  if (port) await agr(["neo4j", "stop", "--port", String(port)]);
  rmSync(join(ROOT, ".cache/neo4j", `data-${port}`), { recursive: true, force: true });
  rmSync(dir, { recursive: true, force: true });
}, 120_000);

/** Counts in one order, to compare two backends' answers. */
const sorted = (c: StoreCounts) => {
  const by = <T extends { doc_id: string }>(rows: T[], key: (r: T) => string) =>
    [...rows].sort((a, b) => `${a.doc_id}/${key(a)}`.localeCompare(`${b.doc_id}/${key(b)}`));
  return {
    nodes: by(c.nodes, (r) => r.label),
    edges: by(c.edges, (r) => r.type),
    chunk_status: by(c.chunk_status, (r) => r.status),
    synthetic_sections: by(c.synthetic_sections, () => ""),
  };
};
const edgeKey = (e: GraphEdge) => `${e.src}|${e.type}|${e.dst}|${e.section_id}`;
const sortEdges = (edges: GraphEdge[]) => [...edges].sort((a, b) => edgeKey(a).localeCompare(edgeKey(b)));

async function expectSameGraph(target: GraphStore) {
  expect(sorted(await target.counts())).toEqual(sorted(await source.counts()));
  for (const label of ["Document", "Section", "Chunk", "Entity"] as const) {
    const ids = async (s: GraphStore) => (await s.findNodes({ label })).map((n) => n.id);
    expect(await ids(target)).toEqual(await ids(source));
  }
}

describe("agr neo4j start + migrate into a real Neo4j", { timeout: 300_000 }, () => {
  it("agr neo4j start --json prints one JSON line once Bolt answers", async () => {
    expect(started.code, started.stderr).toBe(0);
    const lines = started.stdout.trim().split("\n");
    expect(lines).toHaveLength(1);
    const info = JSON.parse(lines[0] ?? "");
    expect(info).toEqual({ uri, pid: expect.any(Number) });
    const driver = neo4j.driver(uri);
    try {
      await driver.verifyConnectivity();
    } finally {
      await driver.close();
    }
    const status = await agr(["neo4j", "status", "--json"]);
    expect(JSON.parse(status.stdout).servers).toContainEqual(expect.objectContaining({ uri, pid: info.pid }));
  });

  it("copies nodes, edges, vectors, embedding cache and statuses identically", async () => {
    await clearNeo4jAgrData(config());
    const target = await openTarget();
    try {
      const result = await migrateStore(source, target, { batch: 50 });
      expect(result).toEqual(source.exportSizes());
      await expectSameGraph(target);
      const chunks = await source.findNodes({ label: "Chunk" });
      for (const chunk of [chunks[0], chunks[Math.floor(chunks.length / 2)], chunks.at(-1)]) {
        expect(chunk).toBeDefined();
        expect(await target.getNode(chunk?.id ?? "")).toEqual(chunk);
      }
      const [doc] = await source.listDocuments();
      const docId = doc?.id ?? "";
      const edges = sortEdges(await source.findEdges({ doc_id: docId }));
      expect(edges.length).toBeGreaterThan(0);
      expect(sortEdges(await target.findEdges({ doc_id: docId }))).toEqual(edges);

      expect(await target.vectorModel()).toEqual(await source.vectorModel());
      const ids = chunks.map((c) => c.id);
      for (const kind of source.vectorKinds()) {
        const [a, b] = [await source.vectorsOf(ids, kind), await target.vectorsOf(ids, kind)];
        expect([...b.keys()].sort()).toEqual([...a.keys()].sort());
        for (const [id, v] of a) {
          const w = b.get(id) ?? new Float32Array();
          expect(w.length).toBe(v.length);
          expect(Math.max(...v.map((x, i) => Math.abs(x - (w[i] ?? 0))))).toBeLessThan(1e-6);
        }
      }
      const query = (await source.vectorsOf(ids.slice(1, 2), "text")).values().next().value;
      expect(query).toBeDefined();
      // Exact cosine on both sides (a doc_ids filter): Neo4j's vector index quantizes by default,
      // so its unfiltered ANN ranking is approximate; the nearest hit (the chunk itself) still agrees.
      const docIds = (await source.listDocuments()).map((d) => d.id);
      const top = async (s: GraphStore, filter: boolean) =>
        (
          await s.searchVectors(query ?? new Float32Array(), {
            kind: "text",
            k: 5,
            ...(filter ? { doc_ids: docIds } : {}),
          })
        ).map((h) => h.id);
      expect(await top(target, true)).toEqual(await top(source, true));
      expect((await top(target, false))[0]).toBe((await top(source, false))[0]);

      const cache = source.exportEmbeddingCache(null, 10_000);
      expect(cache.length).toBeGreaterThan(0);
      const modelId = cache[0]?.model_id ?? "";
      const keys = cache.filter((c) => c.model_id === modelId).map((c) => c.key);
      const cached = await target.cachedEmbeddings(modelId, keys);
      expect(cached.size).toBe(keys.length);

      // A rerun changes nothing, not even the order nodes are listed in.
      await migrateStore(source, target, { batch: 2_000 });
      await expectSameGraph(target);
    } finally {
      await target.close();
    }
  });

  it("refuses a target holding another document unless --replace clears it", async () => {
    const target = await openTarget();
    try {
      await target.write(fixtureDocument(1));
      await expect(migrateStore(source, target)).rejects.toThrow(/document\(s\) the source does not/);
      expect(await target.getNode("doc:1")).not.toBeNull();
      await migrateStore(source, target, { replace: true, clearTarget: () => clearNeo4jAgrData(config()) });
      expect(await target.getNode("doc:1")).toBeNull();
      await expectSameGraph(target);
      expect(countDifferences(await source.counts(), await target.counts())).toEqual([]);
    } finally {
      await target.close();
    }
  });

  it("agr migrate --to neo4j, then agr stats on Neo4j equals agr stats on the file", async () => {
    const missing = await agr(["migrate", "--to", "neo4j", "--from", sourceFile]);
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toMatch(/^agr: .*needs NEO4J_URI/);
    expect(missing.stderr.trim().split("\n")).toHaveLength(1);

    await clearNeo4jAgrData(config());
    const env = { NEO4J_URI: uri };
    const run = await agr(["migrate", "--to", "neo4j", "--from", sourceFile, "--json"], env);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toBe("");
    const report = JSON.parse(run.stdout);
    expect(Object.keys(report)).toEqual([
      "from",
      "to",
      "nodes",
      "edges",
      "vectors",
      "embedding_cache",
      "seconds",
    ]);
    expect(report).toMatchObject({ from: sourceFile, ...source.exportSizes() });
    expect(report.to).toContain(`127.0.0.1:${port}`);

    const onNeo4j = JSON.parse((await agr(["stats", "--json"], env)).stdout);
    const onFile = JSON.parse((await agr(["stats", "--json", "--store", sourceFile], env)).stdout);
    expect(onNeo4j.documents).toEqual(onFile.documents);
    expect(onNeo4j.totals).toEqual(onFile.totals);
    expect(onNeo4j.documents.length).toBeGreaterThan(0);
  });

  it("agr neo4j stop --port stops the server", async () => {
    const pid = JSON.parse(started.stdout).pid as number;
    const stop = await agr(["neo4j", "stop", "--port", String(port)]);
    expect(stop.code, stop.stderr).toBe(0);
    expect(stop.stdout).toMatch(/stopped/);
    expect(pidAlive(pid)).toBe(false);
  });
});
