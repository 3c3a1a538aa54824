/**
 * One size of the scale benchmark on Neo4j: a local Neo4j 5.26 (scripts/neo4j.mjs, APOC + open
 * GDS) in its own home under `dir`, the same perturbed copies written through
 * Neo4jGraphStore.write, the indexes awaited, the server stopped (a clean shutdown checkpoints;
 * then the disk is measured) and started again, so that the query process (query-store.ts with
 * --neo4j, opening the store as `agr eval` does with NEO4J_URI) meets a server that has just
 * opened its store. The home is removed unless kept.
 */
import { existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import neo4j from "neo4j-driver";
import { AWAIT_INDEXES } from "../../../src/store/neo4j/cypher.js";
import { type LocalNeo4j, startNeo4j } from "../../../src/store/neo4j/local-server.js";
import { Neo4jGraphStore } from "../../../src/store/neo4j/neo4j-store.js";
import { diskBytes, processMemory, timed } from "../store/measure.js";
import { keptBuild, saveBuild } from "./build-store.js";
import type { SizeOptions, SizeRun } from "./embedded-run.js";
import { runQueryProcess } from "./query-process.js";
import { type BuildStats, sizeLabel } from "./scale-rows.js";
import { writeCopies } from "./write-copies.js";

let running: LocalNeo4j | null = null;

/** Stops the server this module started, if any (the bench's finally and signal handlers). */
export async function stopBenchNeo4j(): Promise<void> {
  const s = running;
  running = null;
  if (s) await s.stop();
}

async function start(home: string, heap: string): Promise<LocalNeo4j> {
  running = await startNeo4j({ home, heap, plugins: true });
  return running;
}

/** Store files and transaction logs of the default database. */
const storeBytes = (home: string) =>
  diskBytes(join(home, "data", "databases", "neo4j")) +
  diskBytes(join(home, "data", "transactions", "neo4j"));

async function awaitIndexes(uri: string): Promise<void> {
  const driver = neo4j.driver(uri);
  try {
    await driver.executeQuery(AWAIT_INDEXES, {}, { database: "neo4j" });
  } finally {
    await driver.close();
  }
}

async function build(uri: string, o: SizeOptions): Promise<Omit<BuildStats, "disk_bytes">> {
  // No GDS detection: the writes are the store's, as ingest's are.
  const store = await Neo4jGraphStore.open({ uri, pushdown: false });
  try {
    const written = await writeCopies(store, o.base, o.size, o.log);
    const [, ann_ms] = await timed(() => awaitIndexes(uri));
    return { ...written, ann_ms };
  } finally {
    await store.close();
  }
}

export async function neo4jSize(o: SizeOptions & { heap: string }): Promise<SizeRun> {
  const home = join(o.dir, `neo4j-${sizeLabel(o.size)}`);
  const kept = o.reuse ? keptBuild(home) : undefined;
  if (o.reuse && !kept) throw new Error(`--reuse: no kept Neo4j home ${home} (with ${home}.build.json)`);
  if (!kept && existsSync(home)) rmSync(home, { recursive: true, force: true });
  let buildPeak = kept?.jvm_build_peak_bytes ?? 0;
  let stats = kept?.build;
  if (!stats) {
    const server = await start(home, o.heap);
    o.log(`  Neo4j ${server.uri} (pid ${server.pid}, heap ${o.heap}) in ${home}`);
    const written = await build(server.uri, o);
    buildPeak = processMemory(server.pid)?.peak ?? 0;
    await stopBenchNeo4j();
    stats = { ...written, disk_bytes: storeBytes(home) };
  }
  const buildLoad = kept?.load ?? o.load();
  if (!kept) saveBuild(home, stats, buildLoad, buildPeak);
  try {
    const [server, startMs] = await timed(() => start(home, o.heap));
    o.log(`  restarted Neo4j for the queries in ${(startMs / 1000).toFixed(1)} s (pid ${server.pid})`);
    const query = runQueryProcess(["--neo4j", server.uri], o.questions, o.queries);
    const mem = processMemory(server.pid);
    const jvm = {
      heap: o.heap,
      build_peak_bytes: buildPeak,
      query_peak_bytes: mem?.peak ?? 0,
      query_bytes: mem?.now ?? 0,
    };
    return { build: stats, query, jvm, buildLoad, ...(kept ? { reusedFrom: kept.created } : {}) };
  } finally {
    await stopBenchNeo4j();
    if (!o.keep) {
      rmSync(home, { recursive: true, force: true });
      rmSync(`${home}.build.json`, { force: true });
    }
  }
}
