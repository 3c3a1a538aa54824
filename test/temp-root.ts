import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sharedNeo4jHome } from "../src/store/neo4j/lease-neo4j.js";
import { stopNeo4j } from "../src/store/neo4j/local-server.js";

/**
 * Vitest global setup: every test's temp folders (stores, servers' data dirs, Neo4j homes) go under
 * one folder of this run, removed when the run ends. Workers and the servers they spawn inherit
 * TMPDIR; without this, each run left hundreds of folders (one Neo4j home is 0.5 GB) in /tmp.
 * The Neo4j the test files share (src/store/neo4j/lease-neo4j.ts) lives there too and is
 * stopped first.
 */
export default function setup(): () => Promise<void> {
  const root = mkdtempSync(join(tmpdir(), "agr-vitest-"));
  const before = process.env.TMPDIR;
  process.env.TMPDIR = root;
  return async () => {
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
    const home = sharedNeo4jHome(root);
    if (existsSync(join(home, "neo4j.pid"))) await stopNeo4j({ home });
    if (process.env.AGR_KEEP_TEST_TMP !== "1") rmSync(root, { recursive: true, force: true });
  };
}
