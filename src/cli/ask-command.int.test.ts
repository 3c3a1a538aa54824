import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { AskResultSchema } from "../../agents/ask-result.js";
import { tempDir, writeTree } from "../ingest/test-helpers.js";
import { formatTrace } from "./ask-command.js";

const BIN = join(import.meta.dirname, "../../bin/agr.mjs");

function agr(args: string[]) {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    encoding: "utf8",
    env: { ...process.env, AGR_STORE: "", AGR_EMBEDDER: "none" },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const GUIDE = `# Pump guide

## Cleaning

Clean the solar panels every week with a soft brush. The site lead signs the cleaning log.

## Filters

Replace the intake filter every month. A clogged filter lowers the pump's output.
`;

describe("agr ask (real process)", { timeout: 120_000 }, () => {
  const store = join(tempDir(), "graph.db");
  const root = writeTree({ "guide.md": GUIDE });

  it("--json prints exactly the contract object; --trace writes the steps to stderr", () => {
    expect(agr(["ingest", root, "--store", store, "--json"]).code).toBe(0);
    const r = agr(["ask", "What lowers the pump's output?", "--store", store, "--json", "--trace"]);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(AskResultSchema.parse(out)).toEqual(out);
    expect(out).toMatchObject({
      not_found: false,
      route: "simple",
      answer: expect.stringMatching(/^A clogged filter lowers the pump's output\. \[S\d\]$/),
      verification: { sentences: 1, supported: 1, dropped: 0 },
      tokens: { prompt: 0, completion: 0 },
    });
    expect(out.citations).toEqual([
      {
        S: expect.stringMatching(/^S\d$/),
        chunk_id: expect.any(String),
        uri: `file://${join(root, "guide.md")}`,
        url: `file://${join(root, "guide.md")}#filters`,
        heading_path: ["Pump guide", "Filters"],
      },
    ]);
    expect(r.stderr).toMatch(/ms {2}route {5}route=simple/);
    expect(r.stderr).toMatch(/retrieve .*strategy=simple → ppr_search \+ graph_paths/);
    expect(r.stderr).toMatch(/grade .*score=\d/);
  });

  it("prints the answer and its citations for people; --mode vector_cypher uses that tool", () => {
    const r = agr([
      "ask",
      "When is the cleaning log signed?",
      "--store",
      store,
      "--mode",
      "vector_cypher",
      "--trace",
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/\[S\d\] Pump guide > Cleaning\n {5}file:\/\/.*guide\.md#cleaning/);
    expect(r.stderr).toMatch(/strategy=forced vector_cypher/);
  });

  it("fails in one line on a missing store or a bad mode", () => {
    const missing = agr(["ask", "anything", "--store", join(tempDir(), "none.db")]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^agr: no store at .*none\.db: run agr ingest first\n$/);
    const bad = agr(["ask", "anything", "--store", store, "--mode", "magic"]);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toMatch(/magic/);
  });

  it("formats lists in the trace below their step", () => {
    const text = formatTrace([
      { step: "retrieve", at_ms: 12, detail: { attempt: 0, notes: ["x".repeat(50), "y".repeat(50)] } },
    ]);
    expect(text).toBe(
      `    12 ms  retrieve  attempt=0\n      notes:\n        - ${"x".repeat(50)}\n        - ${"y".repeat(50)}\n`,
    );
  });
});
