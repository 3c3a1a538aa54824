import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import neo4j, { type Driver } from "neo4j-driver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pidAlive } from "./lease-neo4j.js";
import { type LocalNeo4j, startNeo4j } from "./local-server.js";

const portOpen = (port: number) =>
  new Promise<boolean>((ok) => {
    const sock = connect({ host: "127.0.0.1", port });
    const done = (open: boolean) => {
      sock.destroy();
      ok(open);
    };
    sock.on("connect", () => done(true));
    sock.on("error", () => done(false));
  });

/** Running, not merely a zombie awaiting its reaper (it holds no port, memory or files). */
const processAlive = (pid: number) => {
  if (!pidAlive(pid)) return false;
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return process.platform !== "linux";
  }
};

// The REAL server from scripts/neo4j.mjs (Neo4j 5.26 + APOC + GDS from Maven Central); the first run
// downloads the jars, hence the long setup timeout. Fails, saying why, when Java or Maven is missing.
describe("local Neo4j server", () => {
  const home = mkdtempSync(join(tmpdir(), "agr-neo4j-"));
  let server: LocalNeo4j;
  let driver: Driver;
  const query = async (cypher: string, params: Record<string, unknown> = {}) =>
    (await driver.executeQuery(cypher, params, { database: "neo4j" })).records.map((r) => r.toObject());

  beforeAll(async () => {
    server = await startNeo4j({ home, plugins: true });
    driver = neo4j.driver(server.uri, undefined, { disableLosslessIntegers: true });
  }, 20 * 60_000);

  afterAll(async () => {
    await driver?.close();
    if (server && processAlive(server.pid)) await server.stop();
    rmSync(home, { recursive: true, force: true });
  }, 60_000);

  it("answers Cypher over Bolt on 127.0.0.1 without auth", async () => {
    expect(server.uri).toBe(`bolt://127.0.0.1:${server.port}`);
    expect(await query("RETURN 1 AS one")).toEqual([{ one: 1 }]);
  }, 30_000);

  it("serves a vector index through db.index.vector.queryNodes", async () => {
    await query(
      "CREATE VECTOR INDEX chunk_vec IF NOT EXISTS FOR (c:Chunk) ON c.vec " +
        "OPTIONS {indexConfig: {`vector.dimensions`: 3, `vector.similarity_function`: 'cosine'}}",
    );
    await query("UNWIND $rows AS row CREATE (:Chunk {id: row.id, vec: row.vec})", {
      rows: [
        { id: "x", vec: [1, 0, 0] },
        { id: "y", vec: [0, 1, 0] },
        { id: "xy", vec: [0.7, 0.7, 0] },
      ],
    });
    await query("CALL db.awaitIndexes(60)");
    const hits = await query(
      "CALL db.index.vector.queryNodes('chunk_vec', $k, $vec) YIELD node, score RETURN node.id AS id, score",
      { k: neo4j.int(2), vec: [0.9, 0.1, 0] },
    );
    expect(hits.map((h) => h.id)).toEqual(["x", "xy"]);
    expect(hits[0]?.score).toBeGreaterThan(hits[1]?.score as number);
  }, 60_000);

  it("has APOC core: apoc.path.subgraphAll", async () => {
    await query("CREATE (:Ent {id: 'a'})-[:R]->(:Ent {id: 'b'})-[:R]->(:Ent {id: 'c'}), (:Ent {id: 'd'})");
    const [row] = await query(
      "MATCH (a:Ent {id: 'a'}) CALL apoc.path.subgraphAll(a, {maxLevel: 2}) YIELD nodes " +
        "RETURN [n IN nodes | n.id] AS ids",
    );
    expect([...((row?.ids as string[]) ?? [])].sort()).toEqual(["a", "b", "c"]);
  }, 60_000);

  it("has open-source GDS: gds.pageRank.stream on a projected graph", async () => {
    await query("CALL gds.graph.project('ents', 'Ent', 'R')");
    const ranks = await query(
      "CALL gds.pageRank.stream('ents') YIELD nodeId, score " +
        "RETURN gds.util.asNode(nodeId).id AS id, score ORDER BY score DESC",
    );
    await query("CALL gds.graph.drop('ents')");
    expect(ranks).toHaveLength(4);
    // a -> b -> c: the end of the chain collects the most rank, the isolated d the least.
    expect(ranks[0]?.id).toBe("c");
    expect(ranks.at(-1)?.score).toBeCloseTo(0.15, 5);
  }, 60_000);

  it("stops cleanly: port closed, process gone", async () => {
    await driver.close();
    await server.stop();
    expect(processAlive(server.pid)).toBe(false);
    expect(await portOpen(server.port)).toBe(false);
  }, 60_000);
});
