import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEmbeddingProcessor } from "../index/embeddings/embedding-processor.js";
import { createFallbackEmbedder } from "../index/embeddings/fallback-embedder.js";
import { ingestPaths } from "../ingest/pipeline.js";
import { createReferenceProcessor } from "../ingest/reference-processor.js";
import { openTempStore, TEST_CONFIG, writeTree } from "../ingest/test-helpers.js";
import type { GraphStore } from "../store/graph-store.js";
import { buildBundle } from "./build-bundle.js";
import { expand } from "./expand.js";
import { loadNeighbourhood } from "./load-neighbourhood.js";
import { hybridHits } from "./modes/seeds.js";
import { queryProfile } from "./query-profile.js";
import { retrieve } from "./retrieve.js";

const GUIDE = `# Guide

The guide explains how the tool is set up and run.

## Install

Install the tool with npm into any project. The [configuration options](config.md#options) come next.

## Usage

Run the tool on a folder of documents.

| Flag | Meaning |
| --- | --- |
| --mode | retrieval mode |

\`\`\`sh
tool run --mode graph ./docs
\`\`\`
`;

const CONFIG = `# Config

## Options

The options file sets the retrieval mode and the token budget.

## Logging

Logs go to standard error.
`;

describe("structure expansion over a real store", () => {
  let store: GraphStore;
  beforeAll(async () => {
    store = openTempStore();
    const dir = writeTree({ "guide.md": GUIDE, "config.md": CONFIG });
    await ingestPaths(store, [dir], { config: TEST_CONFIG, processors: [createReferenceProcessor()] });
  }, 60_000);
  afterAll(async () => store.close());

  const chunkOf = async (heading: string) =>
    (await store.findNodes({ label: "Chunk" })).find(
      (c) => c.heading_path.at(-1) === heading && c.content_type === "text",
    );

  it("loads parents, siblings, chunks and link anchors, and expands up, down and across", async () => {
    const install = await chunkOf("Install");
    const usage = await chunkOf("Usage");
    expect(install && usage).toBeTruthy();
    const question = "Which configuration options does usage have? Show an example.";
    const hood = await loadNeighbourhood(store, [install?.id ?? "", usage?.id ?? ""], question);
    expect(hood.links.some((l) => l.type === "LINKS_TO" && l.anchor_text === "configuration options")).toBe(
      true,
    );
    const out = expand(
      [
        { chunk_id: install?.id ?? "", strength: 1 },
        { chunk_id: usage?.id ?? "", strength: 0.9 },
      ],
      hood,
      queryProfile(question),
    );
    const got = (id: string) => out.find((e) => e.chunk_id === id);
    const byHeading = async (h: string, type?: string) =>
      (await store.findNodes({ label: "Chunk" })).find(
        (c) => c.heading_path.at(-1) === h && (type === undefined || c.content_type === type),
      );
    expect(got((await byHeading("Options"))?.id ?? "")?.reason).toBe("cross");
    expect(got((await byHeading("Guide"))?.id ?? "")?.reason).toBe("up");
    expect(got((await byHeading("Usage", "table"))?.id ?? "")?.reason).toBe("down");
    expect(got((await byHeading("Usage", "code"))?.id ?? "")?.reason).toBe("down");
  });

  it("the retrieve bundle path adds expanded chunks and always carries parent summaries", async () => {
    const question = "How do I install the tool?";
    const plain = await retrieve({ store }, question, { mode: "bm25", k: 3 });
    const ranked = await retrieve({ store }, question, { mode: "bm25", k: 3, expand: true });
    expect(ranked.some((r) => r.expansion)).toBe(true);
    expect(ranked.filter((r) => !r.expansion).map((r) => r.chunk_id)).toEqual(
      plain.slice(0, ranked.filter((r) => !r.expansion).length).map((r) => r.chunk_id),
    );
    const bundle = await buildBundle(store, question, "bm25", ranked, 2000);
    expect(bundle.token_count).toBeLessThanOrEqual(2000);
    const install = bundle.summaries.find((s) => s.title === "Install");
    expect(install?.breadcrumbs).toBe("Guide > Guide > Install");
    const parent = bundle.summaries.find((s) => s.section_id === install?.parent_id);
    expect(parent?.title).toBe("Guide");
    expect(parent?.lead).toContain("The guide explains");
    // The parent comes first, as the context the subsection sits in.
    const order = bundle.summaries.map((s) => s.section_id);
    expect(order.indexOf(parent?.section_id ?? "")).toBeGreaterThanOrEqual(0);
    expect(order.indexOf(parent?.section_id ?? "")).toBeLessThan(order.indexOf(install?.section_id ?? ""));
  });
});

describe("hybrid seeds with link-anchor vectors", () => {
  // The hashing fallback embedder matches words, not meaning: enough to show the anchor ranking counts.
  const embedder = createFallbackEmbedder();
  let store: GraphStore;
  beforeAll(async () => {
    store = openTempStore();
    const dir = writeTree({ "guide.md": GUIDE, "config.md": CONFIG });
    await ingestPaths(store, [dir], {
      config: TEST_CONFIG,
      processors: [createEmbeddingProcessor(embedder)],
      embedder,
    });
  }, 60_000);
  afterAll(async () => store.close());

  it("the chunk other pages link to as 'configuration options' has an anchor vector that the seeds use", async () => {
    const options = (await store.findNodes({ label: "Chunk" })).find(
      (c) => c.heading_path.at(-1) === "Options",
    );
    const [vector] = await embedder.embedQueries(["configuration options"]);
    const anchors = vector ? await store.searchVectors(vector, { kind: "anchor", k: 5 }) : [];
    expect(anchors[0]?.id).toBe(options?.id);
    const seeds = await hybridHits(store, embedder, "Where is the guide to configuration options?", 10);
    expect(seeds[0]?.id).toBe(options?.id);
  });
});
