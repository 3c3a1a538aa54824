import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { SHARED_NEO4J_DIR } from "../src/store/neo4j/lease-neo4j.js";

const NEO4J_SCRIPT = resolve(import.meta.dirname, "../scripts/neo4j.mjs");

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
    const home = join(root, SHARED_NEO4J_DIR, "home");
    if (existsSync(join(home, "neo4j.pid")))
      await promisify(execFile)(process.execPath, [NEO4J_SCRIPT, "stop", "--home", home], {
        timeout: 60_000,
      });
    if (process.env.AGR_KEEP_TEST_TMP !== "1") rmSync(root, { recursive: true, force: true });
  };
}
