import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import type { ChunkProcessor } from "./chunk-processor.js";
import { emptyOutput } from "./chunk-processor.js";
import { ingestPaths } from "./pipeline.js";
import { createReferenceProcessor } from "./reference-processor.js";
import { createStageTimer, formatStages, INGEST_STAGES } from "./stage-timer.js";
import { openTempStore, TEST_CONFIG, writeTree } from "./test-helpers.js";

describe("createStageTimer", () => {
  it("adds each call's time to its stage, also when the call throws", async () => {
    let clock = 0;
    const timer = createStageTimer(() => clock);
    await timer.time("parse", async () => {
      clock += 1500;
    });
    await timer.time("embedding", async () => {
      clock += 250;
    });
    await expect(
      timer.time("parse", async () => {
        clock += 500;
        throw new Error("bad file");
      }),
    ).rejects.toThrow("bad file");
    clock += 1000;
    const stages = timer.report();
    expect(stages).toMatchObject({ parse: 2, embedding: 0.25, knn: 0, total: 3.25 });
    expect(Object.keys(stages).sort()).toEqual([...INGEST_STAGES, "total"].sort());
    expect(formatStages(stages)).toBe("parse 2.0 s, embedding 0.3 s (total 3.3 s)");
  });
});

describe("createStageTimer with overlapping calls", () => {
  it("counts the time two calls of one stage run at once only once", async () => {
    let clock = 0;
    const timer = createStageTimer(() => clock);
    let endA = () => {};
    let endB = () => {};
    const a = timer.time("embedding", () => new Promise<void>((r) => (endA = r)));
    clock = 100;
    const b = timer.time("embedding", () => new Promise<void>((r) => (endB = r)));
    const c = timer.time("write", async () => {
      clock = 150;
    });
    await c;
    clock = 300;
    endA();
    await a;
    clock = 400;
    endB();
    await b;
    // Embedding ran from 0 to 400 ms (not 300 + 300), the write beside it from 100 to 150.
    expect(timer.report()).toMatchObject({ embedding: 0.4, write: 0.05, total: 0.4 });
  });
});

describe("ingestPaths stages", () => {
  it("reports seconds per stage, a vector processor's time under embedding", async () => {
    const slowVectors: ChunkProcessor = {
      name: "embeddings",
      vectorModel: { id: "test", dim: 2 },
      async process(chunks) {
        await sleep(120);
        return { outputs: new Map(chunks.map((c) => [c.id, emptyOutput()])), failed: new Map() };
      },
    };
    const store = openTempStore();
    try {
      const root = writeTree({ "a.md": "# A\n\nSee [b](b.md).\n", "b.md": "# B\n\nText.\n" });
      const report = await ingestPaths(store, [root], {
        config: TEST_CONFIG,
        processors: [createReferenceProcessor(), slowVectors],
      });
      const stages = report.stages;
      expect(stages && Object.keys(stages).sort()).toEqual([...INGEST_STAGES, "total"].sort());
      if (!stages) return;
      // One batch (2 chunks < batch size): the processor's sleep is embedding time, not extraction.
      expect(stages.embedding).toBeGreaterThanOrEqual(0.11);
      expect(stages.extraction).toBeLessThan(0.11);
      expect(stages.parse).toBeGreaterThan(0);
      expect(stages.finalize).toBeGreaterThan(0);
      // Stages overlap (the embedding runs beside extraction), so only each one is bounded by the total.
      for (const s of INGEST_STAGES) expect(stages.total).toBeGreaterThanOrEqual(stages[s]);
      // An unchanged rerun does no work: nothing but the file check is timed.
      const rerun = await ingestPaths(store, [root], { config: TEST_CONFIG, processors: [slowVectors] });
      expect(rerun.stages).toMatchObject({ embedding: 0, finalize: 0, parse: 0 });
    } finally {
      await store.close();
    }
  });
});
