import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.js";
import { EvalReportSchema } from "../../src/domain/eval-report.js";
import { sharedPath, tempDir } from "../../src/ingest/test-helpers.js";
import { loadDataset } from "../datasets/load-dataset.js";
import { runEval } from "./run-eval.js";

const HOTPOTQA = sharedPath("datasets/multihop/hotpotqa");

describe.skipIf(!existsSync(HOTPOTQA))("runEval on HotpotQA dev (20 questions, bm25)", () => {
  it("fills the JSON contract with recalls in [0, 1]", { timeout: 120_000 }, async () => {
    const cacheDir = tempDir("agr-eval-int-");
    const dataset = await loadDataset(HOTPOTQA, { split: "dev", scratchDir: cacheDir });
    const { report } = await runEval(dataset, {
      config: loadConfig({}, {}),
      cacheDir,
      modes: ["bm25"],
      baselines: false,
      limit: 20,
    });
    const parsed = EvalReportSchema.parse(JSON.parse(JSON.stringify(report)));
    expect(parsed).toMatchObject({ dataset: "hotpotqa", split: "dev", questions: 20, embedder: "none" });
    expect(parsed.index.passages).toBe(1968);
    expect(parsed.index.seconds).toBeGreaterThan(0);
    expect(parsed.index.peak_rss_mb).toBeGreaterThan(0);
    const bm25 = parsed.modes.bm25;
    if (!bm25) throw new Error("bm25 missing");
    for (const key of ["recall@2", "recall@5", "recall@10", "mrr", "ndcg@10"] as const) {
      expect(bm25[key]).not.toBeNull();
      expect(bm25[key]).toBeGreaterThanOrEqual(0);
      expect(bm25[key]).toBeLessThanOrEqual(1);
    }
    expect(bm25["recall@2"] ?? 0).toBeLessThanOrEqual(bm25["recall@5"] ?? 0);
    expect(bm25["recall@5"] ?? 0).toBeLessThanOrEqual(bm25["recall@10"] ?? 0);
    // A lexical baseline on HotpotQA finds well over a third of the gold passages in the top 10.
    expect(bm25["recall@10"]).toBeGreaterThan(0.4);
    expect(bm25.latency_ms.p95).toBeGreaterThanOrEqual(bm25.latency_ms.p50);
  });
});
