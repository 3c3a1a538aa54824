import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * Vitest global setup: every test's temp folders (stores, servers' data dirs, Neo4j homes) go under
 * one folder of this run, removed when the run ends. Workers and the servers they spawn inherit
 * TMPDIR; without this, each run left hundreds of folders (one Neo4j home is 0.5 GB) in /tmp.
 */
export default function setup(): () => void {
  const root = mkdtempSync(join(tmpdir(), "agr-vitest-"));
  const before = process.env.TMPDIR;
  process.env.TMPDIR = root;
  return () => {
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
    if (process.env.AGR_KEEP_TEST_TMP !== "1") rmSync(root, { recursive: true, force: true });
  };
}
