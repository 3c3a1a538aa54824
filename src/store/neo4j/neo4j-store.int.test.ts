import neo4j from "neo4j-driver";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { ChunkNode } from "../../domain/chunk.js";
import type { GraphEdge } from "../../domain/graph-edge.js";
import { fixtureDocument } from "../contract-fixture.js";
import { graphStoreContract } from "../graph-store.contract.js";
import { graphStoreFilterContract } from "../graph-store-filter.contract.js";
import { CLEAR_DATA } from "./cypher.js";
import { type LeasedNeo4j, leaseNeo4j } from "./lease-neo4j.js";
import { cosineFromNeo4j, Neo4jGraphStore, toLuceneQuery } from "./neo4j-store.js";

// A real server on 2 shared cores: a query can take seconds while another suite loads it.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

// The run's REAL Neo4j 5.26 (scripts/neo4j.mjs), leased empty for the whole file; every store the
// contract opens starts from an empty database (schema and vector indexes are kept). Stores are
// opened without the push-down: the plain Cypher store, as on a server without plugins.
let server: LeasedNeo4j;

beforeAll(async () => {
  server = await leaseNeo4j();
}, 20 * 60_000);

afterAll(() => server?.release());

async function openEmpty(): Promise<Neo4jGraphStore> {
  const driver = neo4j.driver(server.uri);
  try {
    await driver.executeQuery(CLEAR_DATA, {}, { database: "neo4j" });
  } finally {
    await driver.close();
  }
  return Neo4jGraphStore.open({ uri: server.uri, pushdown: false });
}

graphStoreContract("Neo4j", openEmpty);
graphStoreFilterContract("Neo4j", openEmpty);

describe("Neo4jGraphStore specifics", () => {
  it("treats Lucene syntax in a text query as words", async () => {
    const store = await openEmpty();
    try {
      await store.write(fixtureDocument(1));
      for (const nasty of [
        "revenue~2",
        "mobility^10 AND (",
        'title:"x',
        "a\\b/c?*",
        "NOT OR AND",
        "[1 TO 5]",
        "!!",
      ]) {
        await expect(store.searchText(nasty, { k: 5 })).resolves.toBeInstanceOf(Array);
      }
      expect((await store.searchText("mobility^10 AND (", { k: 5 }))[0]?.id).toBe("doc:1:s1:c1");
      expect(toLuceneQuery("AND (")).toBe('_fts_text:"and"');
      expect(toLuceneQuery("*?!")).toBeNull();
    } finally {
      await store.close();
    }
  }, 60_000);

  it("keeps integers integers and nested values exact", async () => {
    const store = await openEmpty();
    try {
      const doc = fixtureDocument(1);
      const chunk = doc.nodes.find((n) => n.id === "doc:1:s1:c1") as ChunkNode;
      const bboxes = [{ page: 2, x0: 1.5, y0: 2, x1: 3.25, y1: 4 }];
      await store.write({
        nodes: [...doc.nodes.filter((n) => n !== chunk), { ...chunk, bboxes, seq: 2 ** 40 }],
      });
      const back = await store.getNode("doc:1:s1:c1");
      expect(back).toMatchObject({ seq: 2 ** 40, bboxes, heading_path: chunk.heading_path, retry_count: 0 });
      // LIMIT/SKIP take INTEGERs: a float would be refused by the server.
      const page = await store.findNodes({ label: "Chunk", limit: 1, offset: 1 });
      expect(page).toHaveLength(1);
      expect(await store.findNodes({ label: "Chunk", where: { seq: 2 ** 40 } })).toHaveLength(1);
      expect(cosineFromNeo4j(1)).toBe(1);
      expect(cosineFromNeo4j(0.5)).toBe(0);
    } finally {
      await store.close();
    }
  }, 60_000);

  it("writes a 1,000-node batch with its edges in one transaction and deletes it again", async () => {
    const store = await openEmpty();
    try {
      const base = fixtureDocument(1);
      const template = base.nodes.find((n) => n.label === "Chunk") as ChunkNode;
      const chunks: ChunkNode[] = Array.from({ length: 1_000 }, (_, i) => ({
        ...template,
        id: `doc:1:big:${i}`,
        chunk_id: `doc:1:big:${i}`,
        seq: 100 + i,
        text: `Passage ${i} about topic${i % 7}.`,
      }));
      const next: GraphEdge[] = chunks.slice(1).map((c, i) => ({
        src: chunks[i]?.id ?? "",
        type: "NEXT",
        dst: c.id,
        section_id: "",
        doc_id: "doc:1",
        props: {},
      }));
      const t0 = performance.now();
      await store.write({ nodes: [...base.nodes, ...chunks], edges: [...base.edges, ...next] });
      const ms = performance.now() - t0;
      expect(ms).toBeLessThan(30_000);
      const counts = await store.counts();
      expect(counts.nodes.find((c) => c.label === "Chunk")?.count).toBe(1_003);
      expect(counts.edges.find((c) => c.type === "NEXT")?.count).toBe(2 + 999);
      expect(
        (await store.workChunks({ maxRetries: 1, limit: 5, after: { doc_id: "doc:1", seq: 500 } }))[0]?.seq,
      ).toBe(501);
      expect((await store.searchText("topic3", { k: 500 })).length).toBe(143);
      expect(await store.deleteDocument("doc:1")).toBe(true);
      expect((await store.counts()).nodes).toEqual([]);
    } finally {
      await store.close();
    }
  }, 120_000);

  it("refuses an edge whose endpoint does not exist, rolling back the whole batch", async () => {
    const store = await openEmpty();
    try {
      const doc = fixtureDocument(2);
      const dangling: GraphEdge = { ...(doc.edges[0] as GraphEdge), dst: "missing" };
      await expect(store.write({ nodes: doc.nodes, edges: [dangling] })).rejects.toThrow(/does not exist/);
      expect(await store.getNode("doc:2")).toBeNull();
    } finally {
      await store.close();
    }
  }, 60_000);
});
