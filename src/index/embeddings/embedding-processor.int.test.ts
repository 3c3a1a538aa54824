import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../config.js";
import { ingestPaths } from "../../ingest/pipeline.js";
import { createReferenceProcessor } from "../../ingest/reference-processor.js";
import { openTempStore, TEST_CONFIG, writeTree } from "../../ingest/test-helpers.js";
import type { GraphStore } from "../../store/graph-store.js";
import { createEmbedder } from "./create-embedder.js";
import type { Embedder } from "./embedder.js";
import { assertStoreModel, createEmbeddingProcessor } from "./embedding-processor.js";
import { createFallbackEmbedder } from "./fallback-embedder.js";
import { embedLinkAnchors } from "./link-anchors.js";
import { countingEmbedder, failingEmbedder } from "./test-embedders.js";

const GUIDE = `# Installation

Download the installer and run it. The installer checks your Node version first.

## Troubleshooting

If the installer fails, delete the cache folder and try again.

# Usage

Run the ingest command on a folder of documents.
`;

const FAQ = `# FAQ

Having trouble? Read [how to fix a broken install](guide.md#troubleshooting).

Pricing questions go to the sales team, who answer within a day. New here? Start with the
[setup walkthrough](guide.md).
`;

describe("embedding processor with the default local model", () => {
  let model: Embedder;
  let store: GraphStore;
  beforeAll(async () => {
    const choice = await createEmbedder(loadConfig({}, {}));
    // CI and tests run a real neural model, never the fallback.
    if (!choice || choice.warning || choice.embedder.kind !== "neural") {
      throw new Error(`the default embedder is not the local neural model: ${choice?.warning ?? "none"}`);
    }
    model = choice.embedder;
  }, 60_000);
  afterAll(async () => model?.close?.());
  beforeEach(() => {
    store = openTempStore();
  });
  afterEach(async () => store.close());

  const ingest = (root: string, embedder: Embedder) =>
    ingestPaths(store, [root], {
      config: TEST_CONFIG,
      processors: [createReferenceProcessor(), createEmbeddingProcessor(embedder)],
    });

  it("writes text and heading vectors that retrieve the right chunk", async () => {
    const root = writeTree({ "guide.md": GUIDE, "faq.md": FAQ });
    const counting = countingEmbedder(model);
    const report = await ingest(root, counting);
    expect(report).toMatchObject({ ingested: 2, chunks_failed: 0 });
    expect(await store.vectorModel()).toEqual({ id: model.id, dim: model.dim });
    const [q] = await model.embedQueries(["what if the installer breaks"]);
    const [hit] = await store.searchVectors(q!, { kind: "text", k: 1 });
    const chunk = await store.getNode(hit?.id ?? "");
    expect(chunk?.label === "Chunk" && chunk.text).toMatch(/delete the cache folder/);
    const headings = await store.searchVectors(q!, { kind: "heading", k: 10 });
    expect(headings.length).toBe(report.chunks_written);
    // Each distinct text once: chunks sharing a heading path share its embedding.
    expect(new Set(counting.passages).size).toBe(counting.passages.length);
  }, 60_000);

  it("never re-embeds unchanged content and embeds only changed chunks", async () => {
    const root = writeTree({ "guide.md": GUIDE, "faq.md": FAQ });
    await ingest(root, countingEmbedder(model));
    const again = countingEmbedder(model);
    await ingest(root, again);
    expect(again.passages).toEqual([]);

    writeFileSync(join(root, "guide.md"), GUIDE.replace("run it.", "run it twice."));
    const changed = countingEmbedder(model);
    const report = await ingest(root, changed);
    expect(report.ingested).toBe(1);
    expect(changed.passages).toHaveLength(1);
    expect(changed.passages[0]).toMatch(/^Installation\n\nDownload the installer and run it twice/);
  }, 60_000);

  it("fails the whole batch on an embedder error and finishes it on a later run", async () => {
    const root = writeTree({ "guide.md": GUIDE });
    const first = await ingest(root, failingEmbedder(model));
    expect(first.chunks_failed).toBe(first.chunks_written);
    const failed = await store.findNodes({ label: "Chunk", where: { status: "FAILED" } });
    expect(failed[0]).toMatchObject({ retry_count: 1, error: expect.stringMatching(/^embeddings: 429/) });
    expect(await store.vectorModel()).toBeNull();
    const second = await ingest(root, model);
    expect(second).toMatchObject({ chunks_processed: first.chunks_written, chunks_failed: 0 });
  }, 60_000);

  it("refuses to mix vectors of a second model into the store", async () => {
    await ingest(writeTree({ "guide.md": GUIDE }), model);
    const other = createFallbackEmbedder();
    await expect(ingest(writeTree({ "faq.md": FAQ }), other)).rejects.toThrow(/refusing to mix/);
    await expect(assertStoreModel(store, other)).rejects.toThrow(
      /store holds vectors of .*configured embedder is fallback:/,
    );
    await assertStoreModel(store, model);
  }, 60_000);

  it("embeds the anchor texts of incoming links, once", async () => {
    await ingest(writeTree({ "guide.md": GUIDE, "faq.md": FAQ }), model);
    const counting = countingEmbedder(model);
    expect(await embedLinkAnchors(store, counting)).toEqual({ targets: 2, embedded: 2 });
    expect(counting.passages.sort()).toEqual(["how to fix a broken install", "setup walkthrough"]);
    const top = async (query: string) => {
      const [q] = await model.embedQueries([query]);
      const [hit] = await store.searchVectors(q!, { kind: "anchor", k: 5 });
      const chunk = await store.getNode(hit?.id ?? "");
      return chunk?.label === "Chunk" ? chunk.text : "";
    };
    // A #fragment link lands on its section's first chunk, a document link on the document's first.
    expect(await top("broken install")).toMatch(/^If the installer fails/);
    expect(await top("walkthrough for setting up")).toMatch(/^Download the installer/);
    expect(await embedLinkAnchors(store, counting)).toEqual({ targets: 2, embedded: 0 });
    // The linking page goes away: its anchors must not keep steering searches.
    const faq = (await store.listDocuments()).find((d) => d.uri.endsWith("faq.md"));
    await store.deleteDocument(faq?.id ?? "");
    expect(await embedLinkAnchors(store, counting)).toEqual({ targets: 0, embedded: 0 });
    const [q] = await model.embedQueries(["broken install"]);
    expect(await store.searchVectors(q!, { kind: "anchor", k: 5 })).toEqual([]);
  }, 60_000);
});
