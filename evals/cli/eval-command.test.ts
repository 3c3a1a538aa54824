import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Command } from "commander";
import { afterEach, describe, expect, it, vi } from "vitest";
import { EvalReportSchema } from "../../src/domain/eval-report.js";
import type { Embedder } from "../../src/index/embeddings/embedder.js";
import { ingestPaths } from "../../src/ingest/pipeline.js";
import { TEST_CONFIG, tempDir, writeTree } from "../../src/ingest/test-helpers.js";
import { SqliteGraphStore } from "../../src/store/embedded/sqlite-store.js";
import { DocQaReportSchema } from "../report/docqa-report.js";
import { type EvalCommandDeps, parseModes, registerEval } from "./eval-command.js";

const TINY = join(import.meta.dirname, "../fixtures/tiny");

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

// Each test builds a small index: seconds on a loaded machine, so no 5 s default (a timed-out
// test would also leave its output to the next one's captured stdout).
describe("agr eval", { timeout: 30_000 }, () => {
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

const GUIDE = `# Pump guide

## Cleaning

Clean the solar panels every week with a soft brush. The site lead signs the cleaning log.

## Filters

Replace the intake filter every month. A clogged filter lowers the pump's output.
`;

describe("agr eval --questions <docqa file> --store", { timeout: 120_000 }, () => {
  const root = writeTree({ "docs/guide.md": GUIDE });
  const store = join(tempDir(), "graph.db");
  const questions = join(tempDir(), "dev.jsonl");
  const item = (id: string, question: string, answers: string[], heading: string) => ({
    id,
    question,
    answers,
    answerable: true,
    route: "simple",
    doc: "docs/guide.md",
    locations: [{ doc: "docs/guide.md", heading }],
  });
  writeFileSync(
    questions,
    [
      item("dq-1", "What lowers the pump's output?", ["clogged filter"], "Filters"),
      item("dq-2", "How often are the solar panels cleaned?", ["every week"], "Cleaning"),
      {
        id: "dq-3",
        question: "What voltage does the pump's backup generator supply?",
        answers: [],
        answerable: false,
        route: "not_found",
        doc: "docs/guide.md",
        locations: [],
      },
    ]
      .map((r) => JSON.stringify(r))
      .join("\n"),
  );

  it("runs the agent on the ingested store and prints the docqa report", async () => {
    const s = SqliteGraphStore.open(store);
    await ingestPaths(s, [root], { config: TEST_CONFIG });
    await s.close();
    const { stdout } = await agrEval(["--questions", questions, "--store", store, "--json"]);
    const report = DocQaReportSchema.parse(JSON.parse(stdout));
    expect(report).toMatchObject({
      split: "dev",
      questions: 3,
      store,
      embedder: "none",
      answerer: "offline",
    });
    expect(report.overall).toMatchObject({
      answerable: 2,
      answer_accuracy: 1,
      citation_location_hit: 1,
      not_found_accuracy: 1,
      false_refusals: 0,
    });
    expect(Object.keys(report.by_route)).toEqual(["simple", "not_found"]);

    const out = join(tempDir(), "docqa");
    const human = await agrEval(["--questions", questions, "--store", store, "--limit", "1", "--out", out]);
    expect(human.stdout).toMatch(/^\S+\/dev: 1 questions; store /);
    expect(human.stdout).toMatch(/\ngroup +n +answer +short +cite hit .*\nall +1 +1\.000 /);
    for (const f of ["report.json", "report.md", "questions.jsonl"])
      expect(existsSync(join(out, f))).toBe(true);
  });

  it("refuses a missing store, and --store or no --data on the corpus path", async () => {
    await expect(agrEval(["--questions", questions, "--store", join(tempDir(), "none.db")])).rejects.toThrow(
      /no store at/,
    );
    await expect(agrEval(["--modes", "bm25"])).rejects.toThrow(/--data <folder> is required/);
    await expect(agrEval(["--data", TINY, "--store", store])).rejects.toThrow(/--store is for docqa/);
  });
});

describe("parseModes", () => {
  it("splits, trims and validates", () => {
    expect(parseModes(" bm25 , dense,")).toEqual(["bm25", "dense"]);
    expect(() => parseModes(" , ")).toThrow(/--modes is empty/);
  });
});
