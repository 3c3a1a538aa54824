import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { GraphStore } from "../store/graph-store.js";
import { type ChunkProcessor, emptyOutput } from "./chunk-processor.js";
import { ingestPaths } from "./pipeline.js";
import { openTempStore, TEST_CONFIG, writeTree } from "./test-helpers.js";

/** Six paragraphs under six headings: six chunks, so batches of two make three batches. */
const DOC = Array.from({ length: 6 }, (_, i) => `# Part ${i}\n\nParagraph number ${i} of the text.\n`).join(
  "\n",
);

/** A processor that logs when it starts and ends on which chunks, taking `ms` each time. */
function logged(name: string, log: string[], ms: number, vectors: boolean): ChunkProcessor {
  return {
    name,
    ...(vectors ? { vectorModel: { id: "test", dim: 2 } } : {}),
    async process(chunks) {
      const tag = chunks.map((c) => c.seq).join(",");
      log.push(`${name} start ${tag}`);
      await sleep(ms);
      log.push(`${name} end ${tag}`);
      return { outputs: new Map(chunks.map((c) => [c.id, emptyOutput()])), failed: new Map() };
    },
  };
}

/** The store with its writes logged (start and end), and failing on the write numbered `failAt`. */
function loggedWrites(store: GraphStore, log: string[], failAt?: number): GraphStore {
  let n = 0;
  return new Proxy(store, {
    get(target, prop, receiver) {
      if (prop !== "write") return Reflect.get(target, prop, receiver);
      return async (batch: Parameters<GraphStore["write"]>[0]) => {
        if (!batch.chunkStatus?.length) return target.write(batch);
        const i = ++n;
        log.push(`write start ${i}`);
        if (i === failAt) throw new Error("disk full");
        await target.write(batch);
        await sleep(30);
        log.push(`write end ${i}`);
      };
    },
  });
}

describe("processPendingChunks", () => {
  let store: GraphStore;
  beforeEach(() => {
    store = openTempStore();
  });
  afterEach(async () => store.close());

  it("embeds the next batch while this one is written, and beside extraction", async () => {
    const log: string[] = [];
    const root = writeTree({ "doc.md": DOC });
    const report = await ingestPaths(loggedWrites(store, log), [root], {
      config: { ...TEST_CONFIG, batchSize: 2 },
      processors: [logged("extract", log, 20, false), logged("embed", log, 60, true)],
    });
    expect(report).toMatchObject({ chunks_processed: 6, chunks_failed: 0 });
    const at = (line: string) => log.indexOf(line);
    const embeds = log.filter((l) => l.startsWith("embed start")).map((l) => l.slice("embed start ".length));
    expect(embeds).toHaveLength(3);
    // Within a batch the vector processor starts first and runs beside the other one.
    expect(at(`embed start ${embeds[0]}`)).toBeLessThan(at(`extract start ${embeds[0]}`));
    expect(at(`extract end ${embeds[0]}`)).toBeLessThan(at(`embed end ${embeds[0]}`));
    // The second batch is being embedded before the first one's write has ended.
    expect(at(`embed start ${embeds[1]}`)).toBeLessThan(at("write end 1"));
    expect(log.filter((l) => l.startsWith("write end"))).toEqual([
      "write end 1",
      "write end 2",
      "write end 3",
    ]);
  });

  it("stops at a failed write once the batch in flight is done: that batch and the next stay to do", async () => {
    const log: string[] = [];
    const root = writeTree({ "doc.md": DOC });
    await expect(
      ingestPaths(loggedWrites(store, log, 2), [root], {
        config: { ...TEST_CONFIG, batchSize: 2 },
        processors: [logged("embed", log, 60, true)],
      }),
    ).rejects.toThrow("disk full");
    // Batch 3 was being embedded when write 2 failed; the error waited for it to finish.
    const starts = log.filter((l) => l.startsWith("embed start"));
    expect(starts).toHaveLength(3);
    expect(log).toContain(starts[2]?.replace("start", "end"));
    // Batch 1 is PROCESSED; batch 2 (its write failed) and batch 3 (processed, never written) are not.
    const todo = await store.workChunks({ maxRetries: 3, limit: 100 });
    expect(todo).toHaveLength(4);
    const rerun = await ingestPaths(store, [root], {
      config: { ...TEST_CONFIG, batchSize: 2 },
      processors: [logged("embed", [], 1, true)],
      finalize: true,
    });
    expect(rerun.chunks_processed).toBe(4);
  });

  it("a stop finishes the batches in flight and starts no other", async () => {
    const log: string[] = [];
    const root = writeTree({ "doc.md": DOC });
    const stop = new AbortController();
    const stopping: ChunkProcessor = {
      ...logged("embed", log, 10, true),
      async process(chunks, s) {
        const out = await logged("embed", log, 10, true).process(chunks, s);
        stop.abort();
        return out;
      },
    };
    const report = await ingestPaths(store, [root], {
      config: { ...TEST_CONFIG, batchSize: 2 },
      processors: [stopping],
      signal: stop.signal,
    });
    expect(report.aborted).toBe(true);
    // The first batch stopped the run while the second was being fetched or processed: at most those two ran.
    expect(log.filter((l) => l.startsWith("embed start")).length).toBeLessThanOrEqual(2);
    expect((await store.workChunks({ maxRetries: 3, limit: 100 })).length).toBeGreaterThanOrEqual(2);
  });
});
