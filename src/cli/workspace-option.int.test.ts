import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempDir, writeTree } from "../ingest/test-helpers.js";

const BIN = join(import.meta.dirname, "../../bin/agr.mjs");

function agr(args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    encoding: "utf8",
    env: { ...process.env, AGR_STORE: "", AGR_WORKSPACE: "", ...env },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const uris = (stdout: string) =>
  (JSON.parse(stdout) as { documents: Array<{ uri: string }> }).documents.map((d) => d.uri.split("/").pop());

describe("agr --workspace", { timeout: 180_000 }, () => {
  const dir = tempDir();
  const store = join(dir, "graph.db");
  const root = writeTree({
    "pump.md": "# Pump manual\n\nThe pump needs oil every week.\n",
    "valve.md": "# Valve guide\n\nThe valve opens at two bar.\n",
  });

  it("ingests into a workspace's own store file beside the default one (the file agr serve opens for it)", () => {
    expect(agr(["ingest", join(root, "pump.md"), "--store", store]).code).toBe(0);
    expect(agr(["ingest", join(root, "valve.md"), "--store", store, "--workspace", "team-b"]).code).toBe(0);
    expect(existsSync(join(dir, "workspaces", "team-b", "graph.db"))).toBe(true);
    expect(uris(agr(["stats", "--store", store, "--json"]).stdout)).toEqual(["pump.md"]);
    expect(uris(agr(["stats", "--store", store, "--json", "--workspace", "team-b"]).stdout)).toEqual([
      "valve.md",
    ]);
    // AGR_WORKSPACE picks it too.
    expect(uris(agr(["stats", "--store", store, "--json"], { AGR_WORKSPACE: "team-b" }).stdout)).toEqual([
      "valve.md",
    ]);
  });

  it("answers from the workspace's documents only", () => {
    const r = agr([
      "retrieve",
      "When does the valve open?",
      "--store",
      store,
      "--json",
      "--workspace",
      "team-b",
    ]);
    expect(r.code).toBe(0);
    const bundle = JSON.parse(r.stdout) as { evidence: Array<{ text: string }> };
    expect(bundle.evidence.length).toBeGreaterThan(0);
    expect(bundle.evidence.every((e) => !e.text.includes("pump"))).toBe(true);
  });

  it("exports the workspace's graph only (export takes --workspace like every store command)", () => {
    const r = agr(["export", "--format", "jsonl", "--store", store, "--workspace", "team-b"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("valve.md");
    expect(r.stdout).not.toContain("pump.md");
  });

  it("refuses a name that is not a workspace name, with the rule", () => {
    const r = agr(["stats", "--store", store, "--workspace", "../etc"]);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/workspace name/);
  });
});
