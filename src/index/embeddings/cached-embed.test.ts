import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ingestPaths } from "../../ingest/pipeline.js";
import { createReferenceProcessor } from "../../ingest/reference-processor.js";
import { openTempStore, TEST_CONFIG, writeTree } from "../../ingest/test-helpers.js";
import type { GraphStore } from "../../store/graph-store.js";
import { embedWithCache } from "./cached-embed.js";
import type { Embedder } from "./embedder.js";
import { createEmbeddingProcessor } from "./embedding-processor.js";
import { createFallbackEmbedder } from "./fallback-embedder.js";
import { RecentVectors } from "./recent-vectors.js";
import { countingEmbedder } from "./test-embedders.js";

const duplicates = (texts: readonly string[]) => texts.filter((t, i) => texts.indexOf(t) !== i);

describe("embedWithCache", () => {
  let store: GraphStore;
  beforeEach(() => {
    store = openTempStore();
  });
  afterEach(async () => store.close());

  it("sends each distinct text to the model once, whatever kinds ask for it, and never a cached one", async () => {
    const model = countingEmbedder(createFallbackEmbedder());
    const requests = [
      { kind: "text" as const, text: "alpha passage" },
      { kind: "heading" as const, text: "Alpha" },
      { kind: "heading" as const, text: "Alpha" },
      { kind: "anchor" as const, text: "Alpha" },
      { kind: "text" as const, text: "beta passage" },
    ];
    const first = await embedWithCache(store, model, requests);
    expect(model.passages).toEqual(["alpha passage", "Alpha", "beta passage"]);
    // One vector per request, in order; the same text gets the same vector under every kind.
    expect(first.vectors).toHaveLength(5);
    expect(first.vectors[3]).toEqual(first.vectors[1]);
    expect(first.vectors[4]).not.toEqual(first.vectors[0]);
    // A cache entry per (kind, text) key: heading and anchor "Alpha" both.
    expect(first.fresh).toHaveLength(4);
    await store.write({ embeddingCache: [{ model_id: model.id, entries: first.fresh }] });

    const second = await embedWithCache(store, model, [...requests, { kind: "text", text: "gamma passage" }]);
    expect(model.passages).toEqual(["alpha passage", "Alpha", "beta passage", "gamma passage"]);
    expect(second.vectors.slice(0, 5)).toEqual(first.vectors);
    expect(second.fresh.map((f) => f.vector)).toEqual([second.vectors[5]]);
  });

  it("reuses a text cached under another kind instead of embedding it again", async () => {
    const model = countingEmbedder(createFallbackEmbedder());
    const first = await embedWithCache(store, model, [{ kind: "heading", text: "Setup" }]);
    await store.write({ embeddingCache: [{ model_id: model.id, entries: first.fresh }] });
    const anchor = await embedWithCache(store, model, [
      { kind: "anchor", text: "Setup" },
      { kind: "anchor", text: "Usage" },
    ]);
    expect(model.passages).toEqual(["Setup", "Usage"]);
    expect(anchor.vectors[0]).toEqual(first.vectors[0]);
    // Stored under the anchor key too, so the next lookup is a plain hit.
    expect(anchor.fresh).toHaveLength(2);
  });

  it("refuses a model that returns fewer vectors than texts", async () => {
    const inner = createFallbackEmbedder();
    const short = {
      ...inner,
      embedPassages: async (t: readonly string[]) => inner.embedPassages(t.slice(1)),
    };
    await expect(embedWithCache(store, short, [{ kind: "text", text: "a" }])).rejects.toThrow(
      /returned 0 vectors for 1 texts/,
    );
  });

  it("an ingest embeds a heading path shared by chunks of many batches once", async () => {
    // 20 sections under one H1: every chunk's heading vector text starts with the same path,
    // and batches of 8 chunks put the sharing chunks in different transactions.
    const body = Array.from({ length: 20 }, (_, i) => `## Part\n\nParagraph ${i} about topic ${i}.\n`).join(
      "\n",
    );
    const root = writeTree({
      "a.md": `# Manual\n\n${body}`,
      "b.md": `# Manual\n\n${body.replace(/topic/g, "item")}`,
    });
    const model = countingEmbedder(createFallbackEmbedder());
    const report = await ingestPaths(store, [root], {
      config: { ...TEST_CONFIG, batchSize: 8 },
      processors: [createReferenceProcessor(), createEmbeddingProcessor(model)],
    });
    expect(report.chunks_processed).toBeGreaterThan(16);
    expect(duplicates(model.passages)).toEqual([]);
    // The shared heading path was embedded, once, for chunks in several batches.
    expect(model.passages.filter((t) => t === "Manual > Part")).toHaveLength(1);
  });

  it("a batch borrows a text another batch is embedding, even after a third batch starts", async () => {
    // The model answers when told to: batch A's call is still running while B borrows from it and C begins.
    const inner = createFallbackEmbedder();
    const calls: Array<{ texts: readonly string[]; go: () => void }> = [];
    const slow: Embedder = {
      ...inner,
      embedQueries: (t) => inner.embedQueries(t),
      embedPassages: (texts) =>
        new Promise((resolve) => calls.push({ texts, go: () => resolve(inner.embedPassages(texts)) })),
    };
    const recent = new RecentVectors();
    const a = embedWithCache(store, slow, [{ kind: "heading", text: "Shared" }], recent.nextBatch());
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    const b = embedWithCache(
      store,
      slow,
      [
        { kind: "heading", text: "Shared" },
        { kind: "text", text: "b's own passage" },
      ],
      recent.nextBatch(),
    );
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    // B asked the model for its own text only; "Shared" is A's call.
    expect(calls[1]?.texts).toEqual(["b's own passage"]);
    const c = embedWithCache(store, slow, [{ kind: "text", text: "c's passage" }], recent.nextBatch());
    await vi.waitFor(() => expect(calls).toHaveLength(3));
    for (const call of calls) call.go();
    const [ra, rb] = await Promise.all([a, b, c]);
    expect(rb.vectors[0]).toEqual(ra.vectors[0]);
    expect(rb.vectors).toHaveLength(2);
  });

  it("a batch whose lender fails embeds the borrowed text itself", async () => {
    const inner = createFallbackEmbedder();
    let fail = () => {};
    let first = true;
    const flaky: Embedder = {
      ...inner,
      embedQueries: (t) => inner.embedQueries(t),
      embedPassages: (texts) => {
        if (!first) return inner.embedPassages(texts);
        first = false;
        return new Promise((_, reject) => (fail = () => reject(new Error("quota"))));
      },
    };
    const recent = new RecentVectors();
    const a = embedWithCache(store, flaky, [{ kind: "heading", text: "Shared" }], recent.nextBatch());
    await vi.waitFor(() => expect(first).toBe(false));
    const b = embedWithCache(store, flaky, [{ kind: "heading", text: "Shared" }], recent.nextBatch());
    fail();
    await expect(a).rejects.toThrow("quota");
    const rb = await b;
    expect(rb.vectors[0]).toEqual((await inner.embedPassages(["Shared"]))[0]);
  });
});
