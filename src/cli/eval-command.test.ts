import { existsSync } from "node:fs";
import { join } from "node:path";
import { Command } from "commander";
import { afterEach, describe, expect, it, vi } from "vitest";
import { EvalReportSchema } from "../../evals/report/eval-report.js";
import type { Embedder } from "../index/embeddings/embedder.js";
import { tempDir } from "../ingest/test-helpers.js";
import { type EvalCommandDeps, parseModes, registerEval } from "./eval-command.js";

const TINY = join(import.meta.dirname, "../../evals/fixtures/tiny");

/** Runs `agr eval ...` in-process and returns what it printed. */
async function agrEval(args: string[], deps: EvalCommandDeps = {}) {
  const program = new Command("agr").exitOverride();
  registerEval(program, deps);
  const out: string[] = [];
  const err: string[] = [];
  vi.spyOn(process.stdout, "write").mockImplementation((chunk) => out.push(String(chunk)) > 0);
  vi.spyOn(process.stderr, "write").mockImplementation((chunk) => err.push(String(chunk)) > 0);
  await program.parseAsync(["node", "agr", "eval", ...args]);
  vi.restoreAllMocks();
  return { stdout: out.join(""), stderr: err.join("") };
}

afterEach(() => vi.restoreAllMocks());

describe("agr eval", () => {
  const cacheDir = tempDir("agr-eval-cli-");
  const base = ["--data", TINY, "--modes", "bm25", "--no-baselines", "--cache-dir", cacheDir];

  it("--json prints the contract object and nothing on stderr", async () => {
    const { stdout, stderr } = await agrEval([...base, "--json"]);
    expect(stderr).toBe("");
    const report = EvalReportSchema.parse(JSON.parse(stdout));
    expect(Object.keys(report).slice(0, 6)).toEqual([
      "dataset",
      "split",
      "questions",
      "embedder",
      "index",
      "modes",
    ]);
    expect(Object.keys(report.modes.bm25 ?? {})).toEqual([
      "recall@2",
      "recall@5",
      "recall@10",
      "mrr",
      "ndcg@10",
      "latency_ms",
    ]);
    expect(report).toMatchObject({ dataset: "tiny", split: "dev", questions: 4, embedder: "none" });
  });

  it("prints a table and writes the report folder with --out", async () => {
    const out = join(tempDir(), "report");
    const { stdout } = await agrEval([...base, "--split", "heldout", "--out", out]);
    expect(stdout).toMatch(/^tiny\/heldout: 1 questions \(1 scored\); embedder none; index 8 passages/);
    expect(stdout).toMatch(/\nmode +R@2 +R@5 +R@10 +MRR +nDCG@10 +p50 ms +p95 ms\nbm25 /);
    for (const f of ["report.json", "report.md", "recall.svg", "questions.jsonl"])
      expect(existsSync(join(out, f))).toBe(true);
  });

  it("takes --questions and --limit, and reports the plugged-in embedder", async () => {
    const embedder: Embedder = {
      id: "test/embedder",
      dim: 2,
      kind: "neural",
      embedQueries: async (t) => t.map(() => new Float32Array(2)),
      embedPassages: async (t) => t.map(() => new Float32Array(2)),
      close: vi.fn(async () => {}),
    };
    const { stdout } = await agrEval(
      [...base, "--questions", join(TINY, "extra-questions.jsonl"), "--limit", "1", "--json"],
      { createEmbedder: async () => ({ embedder, warning: "embedder warning" }) },
    );
    expect(JSON.parse(stdout)).toMatchObject({
      split: "extra-questions",
      questions: 1,
      embedder: "test/embedder",
    });
    expect(embedder.close).toHaveBeenCalledOnce();
  });

  it("refuses an unknown mode, a bad limit and a bad split", async () => {
    await expect(agrEval(["--data", TINY, "--modes", "bm25,magic"])).rejects.toThrow(
      "unknown mode magic (choose from bm25,dense,hybrid,graph,ppr,agent)",
    );
    await expect(agrEval([...base, "--limit", "0"])).rejects.toThrow("--limit must be a positive integer");
    await expect(agrEval([...base, "--split", "test"])).rejects.toThrow(/Allowed choices are dev, heldout/);
  });
});

describe("parseModes", () => {
  it("splits, trims and validates", () => {
    expect(parseModes(" bm25 , dense,")).toEqual(["bm25", "dense"]);
    expect(() => parseModes(" , ")).toThrow(/--modes is empty/);
  });
});
