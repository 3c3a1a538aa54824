import neo4j, { type Driver } from "neo4j-driver";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { SAMPLES } from "../http/test-server.js";
import { collectStats } from "../ingest/stats-report.js";
import type { GraphStore } from "../store/graph-store.js";
import { type LeasedNeo4j, leaseNeo4j } from "../store/neo4j/lease-neo4j.js";
import { Neo4jGraphStore } from "../store/neo4j/neo4j-store.js";
import { loadCypherScript } from "./export-cypher-loader.js";
import { byKind, exportTestStore, NASTY, NASTY_ID, totalEdges, totalNodes } from "./export-fixture.js";
import { exportGraph } from "./export-graph.js";

// A real server on 2 shared cores: a statement can take seconds while another suite loads it.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

// The run's REAL Neo4j 5.26 (scripts/neo4j.mjs), leased empty for the file: no other suite uses it
// meanwhile. Stores are opened without the push-down, as on a server without plugins.
// cypher-shell is not installed, so the script runs through the driver.
let server: LeasedNeo4j;
let driver: Driver;
let store: GraphStore;
let script: string[];

const count = async (cypher: string): Promise<number> => {
  const { records } = await driver.executeQuery(cypher, {}, { database: "neo4j" });
  return Number(records[0]?.get("n"));
};

beforeAll(async () => {
  [server, store] = await Promise.all([leaseNeo4j(), exportTestStore(SAMPLES)]);
  driver = neo4j.driver(server.uri);
  const parts: string[] = [];
  await exportGraph(store, "cypher", async (t) => {
    parts.push(t);
  });
  script = parts.join("").split("\n");
}, 20 * 60_000);

afterAll(async () => {
  await driver?.close();
  await store?.close();
  server?.release();
}, 60_000);

describe("Cypher export into a real Neo4j", () => {
  it("loads, and Neo4j counts every node and edge the store counts, by label and type", async () => {
    const { statements } = await loadCypherScript(driver, script);
    expect(statements).toBeGreaterThan(10);
    const counts = await store.counts();
    expect(await count("MATCH (n:Node) RETURN count(n) AS n")).toBe(totalNodes(counts));
    expect(await count("MATCH ()-[r]->() RETURN count(r) AS n")).toBe(totalEdges(counts));
    const neo = await Neo4jGraphStore.open({ uri: server.uri, pushdown: false });
    try {
      expect(byKind(await neo.counts())).toEqual(byKind(counts));
      // `agr stats` over the loaded database reports what it reports over the embedded store.
      expect(await collectStats(neo)).toEqual(await collectStats(store));
    } finally {
      await neo.close();
    }
  });

  it("brings every node back equal, the nasty text included (a lone surrogate becomes U+FFFD)", async () => {
    const neo = await Neo4jGraphStore.open({ uri: server.uri, pushdown: false });
    try {
      const ids: string[] = [];
      for (const { label } of (await store.counts()).nodes)
        for (const n of await store.findNodes({ label })) ids.push(n.id);
      const unique = [...new Set(ids)];
      const back = new Map((await neo.getNodes(unique)).map((n) => [n.id, n]));
      const mine = new Map((await store.getNodes(unique)).map((n) => [n.id, n]));
      expect(back.size).toBe(unique.length);
      const nasty = back.get(NASTY_ID);
      expect(nasty?.label === "Chunk" && nasty.text).toBe(NASTY.replace("\uD800", "\uFFFD"));
      for (const id of unique) if (id !== NASTY_ID) expect(back.get(id), id).toEqual(mine.get(id));
      // Every edge of every type, props included (weights, positions, reasons, predicates).
      const key = (e: unknown) => JSON.stringify(e);
      for (const { type } of (await store.counts()).edges) {
        const theirs = (await neo.findEdges({ type })).map((e) => (e.dst === NASTY_ID ? "" : key(e)));
        const ours = (await store.findEdges({ type })).map((e) => (e.dst === NASTY_ID ? "" : key(e)));
        expect(theirs.sort(), type).toEqual(ours.sort());
      }
      const link = await neo.findEdges({ dst: NASTY_ID, type: "LINKS_TO" });
      expect(link[0]?.props).toEqual({
        anchor_text: NASTY.replace("\uD800", "\uFFFD"),
        position: 3,
        weight: 0.25,
      });
    } finally {
      await neo.close();
    }
  });

  it("loading the script twice changes nothing (MERGE)", async () => {
    const before = await count("MATCH (n) RETURN count(n) AS n");
    await loadCypherScript(driver, script);
    expect(await count("MATCH (n) RETURN count(n) AS n")).toBe(before);
    expect(await count("MATCH ()-[r]->() RETURN count(r) AS n")).toBe(totalEdges(await store.counts()));
  });
});
