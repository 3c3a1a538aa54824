import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempDir, writeTree } from "../ingest/test-helpers.js";

const BIN = join(import.meta.dirname, "../../bin/agr.mjs");

function agr(args: string[]) {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    encoding: "utf8",
    env: { ...process.env, AGR_STORE: "" },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

// Each case starts real processes (and ingest loads the embedding model): allow for a busy machine.
describe("agr CLI (real process)", { timeout: 120_000 }, () => {
  const store = join(tempDir(), "graph.db");
  const root = writeTree({
    "a.md": "# Alpha\n\nSee Section 2.\n\n# 2 Beta\n\nBeta text with [link](b.md).\n",
    "b.md": "# Bee\n\nBack to [alpha](a.md#alpha).\n",
    "bad.xyz": "unsupported",
  });

  it("ingest --json prints the contract object; a bad file fails alone with exit 0", () => {
    const r = agr(["ingest", root, join(root, "missing.md"), "--store", store, "--json"]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe("");
    const out = JSON.parse(r.stdout);
    expect(Object.keys(out)).toEqual(
      expect.arrayContaining(["ingested", "skipped", "failed", "chunks_written"]),
    );
    expect(out.ingested).toBe(2);
    expect(out.failed).toEqual([
      { path: join(root, "missing.md"), error: "no such file or directory" },
      { path: join(root, "bad.xyz"), error: expect.stringMatching(/^unsupported file type \.xyz/) },
    ]);
  });

  it("stats --json keeps the public field names", () => {
    const out = JSON.parse(agr(["stats", "--store", store, "--json"]).stdout);
    const fields = [
      "uri",
      "kind",
      "pages",
      "sections",
      "synthetic_sections",
      "chunks",
      "tables",
      "figures",
      "refs_resolved",
      "refs_unresolved",
    ];
    expect(Object.keys(out.documents[0])).toEqual(expect.arrayContaining(fields));
    expect(Object.keys(out.totals)).toEqual(
      expect.arrayContaining([...fields.slice(2), "chunks_by_status", "links_to", "refers_to"]),
    );
    expect(Object.keys(out.totals.chunks_by_status).sort()).toEqual(["FAILED", "PENDING", "PROCESSED"]);
    expect(out.totals).toMatchObject({ refers_to: 1, links_to: 2 });
    expect(Array.isArray(out.warnings)).toBe(true);
  });

  it("a rerun writes no chunk", () => {
    const out = JSON.parse(agr(["ingest", root, "--store", store, "--json"]).stdout);
    expect(out).toMatchObject({ ingested: 0, skipped: 2, chunks_written: 0 });
  });

  it("exits non-zero with one line on stderr when nothing could be ingested", () => {
    const r = agr(["ingest", join(root, "bad.xyz"), "--store", join(tempDir(), "x.db")]);
    expect(r.code).not.toBe(0);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(r.stderr).toMatch(/^agr: .*bad\.xyz: unsupported file type/);
  });

  it("reports usage errors and a bad store path in one line", () => {
    const usage = agr(["ingest"]);
    expect(usage.code).not.toBe(0);
    expect(usage.stderr.trim().split("\n")).toHaveLength(1);
    const badStore = agr(["stats", "--store", join(root, "a.md", "graph.db")]);
    expect(badStore.code).not.toBe(0);
    expect(badStore.stderr).toMatch(/^agr: cannot open store/);
    expect(badStore.stderr.trim().split("\n")).toHaveLength(1);
  });
});
