import { existsSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.js";
import { EvalReportSchema } from "../../src/domain/eval-report.js";
import { userError } from "../../src/errors.js";
import type { Embedder } from "../../src/index/embeddings/embedder.js";
import { createEmbeddingProcessor } from "../../src/index/embeddings/embedding-processor.js";
import { emptyOutput, perChunkProcessor } from "../../src/ingest/chunk-processor.js";
import { tempDir } from "../../src/ingest/test-helpers.js";
import { retrieve } from "../../src/retrieval/retrieve.js";
import { loadDataset } from "../datasets/load-dataset.js";
import type { EvalDataset } from "../datasets/qa-records.js";
import { runEval } from "./run-eval.js";

const TINY = join(import.meta.dirname, "../fixtures/tiny");
const config = loadConfig({}, {});

/** A fake clock the injected retrieve advances by 10, 20, 30... ms per call. */
function timedBm25() {
  let t = 0;
  let calls = 0;
  const retrieveFn: typeof retrieve = async (ctx, q, o) => {
    calls += 1;
    t += 10 * calls;
    return retrieve(ctx, q, o);
  };
  return { now: () => t, retrieve: retrieveFn };
}

describe("runEval on the tiny fixture (bm25)", () => {
  let dataset: EvalDataset;
  const cacheDir = tempDir("agr-eval-");
  beforeAll(async () => {
    dataset = await loadDataset(TINY, { scratchDir: cacheDir });
  });

  it("indexes, scores bm25 and fills the JSON contract", async () => {
    const { report, results } = await runEval(dataset, {
      config,
      cacheDir,
      modes: ["bm25"],
      baselines: false,
      ...timedBm25(),
    });
    expect(EvalReportSchema.parse(report)).toEqual(report);
    expect(report).toMatchObject({
      dataset: "tiny",
      split: "dev",
      questions: 4,
      questions_scored: 3,
      embedder: "none",
      embedder_kind: "none",
      index: { passages: 8, cached: false },
      skipped_modes: [],
    });
    expect(existsSync(report.index.store)).toBe(true);
    const bm25 = report.modes.bm25;
    // Latencies 10, 20, 30, 40 ms from the fake clock.
    expect(bm25?.latency_ms).toEqual({ p50: 25, p95: 38.5 });
    expect(bm25?.["recall@10"]).toBe(1);
    for (const key of ["recall@2", "recall@5", "mrr", "ndcg@10"] as const) {
      expect(bm25?.[key]).toBeGreaterThan(0);
      expect(bm25?.[key]).toBeLessThanOrEqual(1);
    }
    expect(results).toHaveLength(4);
    expect(results[0]).toMatchObject({ mode: "bm25", id: "q1", gold: ["p-volcano"], first_gold_rank: 1 });
    expect(results[3]).toMatchObject({ id: "q4", gold: [], "recall@5": null });
  });

  it("reuses the cached store on the next run and re-indexes when the config changes", async () => {
    const first = await runEval(dataset, { config, cacheDir, modes: ["bm25"], baselines: false });
    const again = await runEval(dataset, { config, cacheDir, modes: ["bm25"], baselines: false });
    expect(again.report.index).toMatchObject({ cached: true, store: first.report.index.store, passages: 8 });
    expect(again.report.modes).toEqual(
      Object.fromEntries(
        Object.entries(first.report.modes).map(([m, v]) => [m, { ...v, latency_ms: expect.any(Object) }]),
      ),
    );
    const smaller = await runEval(dataset, {
      config: { ...config, chunkTokens: 100 },
      cacheDir,
      modes: ["bm25"],
      baselines: false,
    });
    expect(smaller.report.index.cached).toBe(false);
    expect(smaller.report.index.store).not.toBe(first.report.index.store);
  });

  it("honours --limit", async () => {
    const { report } = await runEval(dataset, {
      config,
      cacheDir,
      modes: ["bm25"],
      baselines: false,
      limit: 2,
    });
    expect(report.questions).toBe(2);
    expect(report.questions_scored).toBe(2);
    await expect(
      runEval(dataset, { config, cacheDir, modes: ["bm25"], baselines: false, limit: 0 }),
    ).rejects.toThrow(/--limit must be a positive integer/);
  });

  it("adds the baselines and skips an unavailable mode with a warning", async () => {
    const unavailable: typeof retrieve = async (ctx, q, o) => {
      if (o.mode !== "bm25") throw userError("mode_unavailable", `retrieval mode ${o.mode} is not available`);
      return retrieve(ctx, q, o);
    };
    const { report } = await runEval(dataset, { config, cacheDir, modes: ["ppr"], retrieve: unavailable });
    expect(Object.keys(report.modes)).toEqual(["bm25"]);
    expect(report.skipped_modes).toEqual([
      { mode: "dense", reason: "retrieval mode dense is not available" },
      { mode: "ppr", reason: "retrieval mode ppr is not available" },
    ]);
    expect(report.warnings).toContain("mode dense skipped: retrieval mode dense is not available");
    expect(report.notes).toContain("Baselines always run: added bm25, dense to the requested modes.");
  });

  it("propagates an unexpected retrieval failure", async () => {
    const broken: typeof retrieve = async () => {
      throw new Error("disk on fire");
    };
    await expect(
      runEval(dataset, { config, cacheDir, modes: ["bm25"], baselines: false, retrieve: broken }),
    ).rejects.toThrow("disk on fire");
  });

  it("reports the embedder, flags a fallback one, and gives it to the index processors", async () => {
    const embedder: Embedder = {
      id: "test/fallback-hash",
      dim: 4,
      kind: "fallback",
      embedQueries: async (t) => t.map(() => new Float32Array(4)),
      embedPassages: async (t) => t.map(() => new Float32Array(4)),
    };
    let seen: Embedder | undefined;
    let processed = 0;
    const { report } = await runEval(dataset, {
      config,
      cacheDir,
      modes: ["bm25"],
      baselines: false,
      embedder,
      processors: (ctx) => {
        seen = ctx.embedder;
        return [
          perChunkProcessor("count", async () => {
            processed += 1;
            return emptyOutput();
          }),
        ];
      },
    });
    expect(seen).toMatchObject({ id: embedder.id, dim: embedder.dim, kind: embedder.kind });
    expect(processed).toBe(8);
    expect(report.embedder).toBe("test/fallback-hash");
    expect(report.embedder_kind).toBe("fallback");
    expect(report.index.cached).toBe(false);
    expect(report.index.embedded).toBe(0); // its processor never asked for a vector
    expect(report.warnings[0]).toMatch(/^FALLBACK EMBEDDER \(test\/fallback-hash\)/);
  });

  it("embeds each passage once: a new store for a changed index config reuses the embeddings", async () => {
    const dir = tempDir("agr-eval-seed-");
    const embedder: Embedder = {
      id: "test/lengths",
      dim: 2,
      kind: "neural",
      embedQueries: async (t) => t.map((q) => new Float32Array([q.length, 1])),
      embedPassages: async (t) => t.map((p) => new Float32Array([p.length, 1])),
    };
    const base = { config, cacheDir: dir, modes: ["bm25" as const], baselines: false, embedder };
    const first = await runEval(dataset, {
      ...base,
      processors: (ctx) => [createEmbeddingProcessor(ctx.embedder!)],
    });
    expect(first.report.index.embedded).toBeGreaterThanOrEqual(8);
    const again = await runEval(dataset, {
      ...base,
      processors: (ctx) => [createEmbeddingProcessor(ctx.embedder!)],
    });
    expect(again.report.index).toMatchObject({ cached: true, embedded: 0 });
    // Another processor set: another store file, filled from the first one's embedding cache.
    const other = await runEval(dataset, {
      ...base,
      processors: (ctx) => [
        createEmbeddingProcessor(ctx.embedder!),
        perChunkProcessor("noop", async () => emptyOutput()),
      ],
    });
    expect(other.report.index.store).not.toBe(first.report.index.store);
    expect(other.report.index).toMatchObject({ cached: false, embedded: 0 });
  });
});
