import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import neo4j from "neo4j-driver";
import { SHOW_PLUGIN_PROCEDURES } from "./cypher-gds.js";
import { startNeo4j } from "./local-server.js";

/** Where the run's shared server lives: the run's temp root, whose teardown stops it (test/temp-root.ts). */
const SHARED_NEO4J_DIR = "neo4j-shared";

export interface LeasedNeo4j {
  uri: string;
  /** Lets the next test file have the server; the server keeps running for it. */
  release(): void;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Whether a process of this id exists (a zombie awaiting its reaper counts). */
export const pidAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The shared server's home under a run's temp root. */
export const sharedNeo4jHome = (root: string): string => join(root, SHARED_NEO4J_DIR, "home");

/** mkdir is atomic: the lock is a folder holding its owner's pid; a dead owner's lock is taken over. */
async function lock(dir: string): Promise<() => void> {
  const owner = join(dir, "owner");
  for (;;) {
    try {
      mkdirSync(dir);
      writeFileSync(owner, String(process.pid));
      let held = true;
      const release = () => {
        if (held) rmSync(dir, { recursive: true, force: true });
        held = false;
      };
      process.once("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    let pid = 0;
    try {
      pid = Number(readFileSync(owner, "utf8"));
    } catch {
      // created but not written yet: its owner is alive
    }
    if (pid > 0 && !pidAlive(pid)) rmSync(dir, { recursive: true, force: true });
    else await sleep(250);
  }
}

/**
 * One REAL Neo4j 5.26 with APOC and GDS per test run, shared by the Neo4j test files instead of a
 * server each (a start costs 10–30 s of a 2-core machine). Community Neo4j has one database, so a
 * file leases the server for its whole run (another file waits) and gets it as a fresh server: no
 * data, indexes, constraints or GDS graphs. A file that must not see the plugins opens its stores
 * with `pushdown: false`, which is all the plugins change for a store.
 */
export async function leaseNeo4j(): Promise<LeasedNeo4j> {
  const root = join(tmpdir(), SHARED_NEO4J_DIR);
  mkdirSync(root, { recursive: true });
  const release = await lock(join(root, "lease"));
  try {
    const { uri } = await startNeo4j({ home: sharedNeo4jHome(tmpdir()), plugins: true });
    await emptyServer(uri);
    return { uri, release };
  } catch (error) {
    release();
    throw error;
  }
}

async function emptyServer(uri: string): Promise<void> {
  const driver = neo4j.driver(uri);
  const run = async (cypher: string, params: Record<string, unknown> = {}) =>
    (await driver.executeQuery(cypher, params, { database: "neo4j" })).records;
  try {
    const [plugins] = await run(SHOW_PLUGIN_PROCEDURES);
    if (plugins?.get("gds"))
      await run(
        "CALL gds.graph.list() YIELD graphName CALL gds.graph.drop(graphName, false) YIELD graphName AS g RETURN count(g)",
      );
    // Batched: the previous file may have left a large graph.
    const session = driver.session({ database: "neo4j" });
    try {
      await session.run("MATCH (n) CALL { WITH n DETACH DELETE n } IN TRANSACTIONS OF 5000 ROWS");
    } finally {
      await session.close();
    }
    for (const r of await run("SHOW CONSTRAINTS YIELD name RETURN name"))
      await run(`DROP CONSTRAINT \`${String(r.get("name")).replaceAll("`", "")}\` IF EXISTS`);
    for (const r of await run("SHOW INDEXES YIELD name, type WHERE type <> 'LOOKUP' RETURN name"))
      await run(`DROP INDEX \`${String(r.get("name")).replaceAll("`", "")}\` IF EXISTS`);
  } finally {
    await driver.close();
  }
}
