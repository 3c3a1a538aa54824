import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { GraphStore } from "../store/graph-store.js";
import { emptyOutput, perChunkProcessor } from "./chunk-processor.js";
import { ingestPaths } from "./pipeline.js";
import { createReferenceProcessor } from "./reference-processor.js";
import { collectStats } from "./stats-report.js";
import { openTempStore, snapshot, TEST_CONFIG, writeTree } from "./test-helpers.js";

const GUIDE = `---
title: Guide
---

# Setup

Install the tool. See Section 2 for usage and [the reference](./reference.md#options).

## Requirements

Node 20 or later.

# 2 Usage

Run it. Details are in Table 1.

| Flag | Meaning |
| --- | --- |
| --json | machine output |

\`\`\`rust
pub fun transfer(amount: u64) {}
\`\`\`
`;

const REFERENCE = `# Reference

Back to the [guide](guide.md).

## Options

All options. See Note 9 (which does not exist).
`;

describe("ingestPaths", () => {
  let store: GraphStore;
  beforeEach(() => {
    store = openTempStore();
  });
  afterEach(async () => store.close());

  it("ingests a folder with structure, references and links", async () => {
    const root = writeTree({
      "guide.md": GUIDE,
      "reference.md": REFERENCE,
      "notes.txt": "Plain notes.\n\nSecond paragraph.",
    });
    const report = await ingestPaths(store, [root], { config: TEST_CONFIG });
    expect(report).toMatchObject({ ingested: 3, skipped: 0, failed: [], chunks_failed: 0 });
    expect(report.chunks_written).toBe(report.chunks_processed);
    const stats = await collectStats(store);
    const guide = stats.documents.find((d) => d.uri.endsWith("guide.md"));
    // "Table 1" stays unresolved: a GFM table has no caption to carry that label.
    expect(guide).toMatchObject({
      kind: "markdown",
      sections: 3,
      tables: 1,
      refs_resolved: 1,
      refs_unresolved: 1,
    });
    const ref = stats.documents.find((d) => d.uri.endsWith("reference.md"));
    expect(ref).toMatchObject({ refs_unresolved: 1 });
    expect(stats.totals.links_to).toBe(2);
    // The design's typed verification counts: every resolved reference here is Section → Section.
    expect(stats.verification).toMatchObject({
      sections: stats.totals.sections,
      section_refers_to_section: stats.totals.refers_to,
      section_refers_to_table: 0,
    });
    expect(stats.totals.chunks_by_status).toEqual({ PENDING: 0, PROCESSED: stats.totals.chunks, FAILED: 0 });
    const options = (await store.findNodes({ label: "Section", where: { title: "Options" } }))[0];
    const links = await store.findEdges({ type: "LINKS_TO", dst: options?.id ?? "" });
    expect(links[0]?.props.anchor_text).toBe("the reference");
    const sym = (await store.findNodes({ label: "CodeSymbol" }))[0];
    expect(sym).toMatchObject({ name: "transfer", language: "rust", kind: "function" });
    expect(await store.findEdges({ src: sym?.id ?? "", type: "EXPLAINED_BY" })).toHaveLength(2);
  });

  it("skips unchanged documents and replaces only a changed one", async () => {
    const root = writeTree({ "guide.md": GUIDE, "reference.md": REFERENCE });
    await ingestPaths(store, [root], { config: TEST_CONFIG });
    const first = await snapshot(store);
    const again = await ingestPaths(store, [root], { config: TEST_CONFIG });
    expect(again).toMatchObject({ ingested: 0, skipped: 2, chunks_written: 0, chunks_processed: 0 });
    expect(await snapshot(store)).toEqual(first);

    const guideDoc = await store.getDocumentByUri(`file://${join(root, "guide.md")}`);
    const refDoc = await store.getDocumentByUri(`file://${join(root, "reference.md")}`);
    const before = (await store.findNodes({ label: "Chunk", doc_id: refDoc?.id ?? "" })).map((c) => c.id);
    writeFileSync(join(root, "guide.md"), GUIDE.replace("Install the tool.", "Install the tool quickly."));
    const changed = await ingestPaths(store, [root], { config: TEST_CONFIG });
    expect(changed).toMatchObject({ ingested: 1, skipped: 1 });
    const after = await snapshot(store);
    const refIds = (await store.findNodes({ label: "Chunk", doc_id: refDoc?.id ?? "" })).map((c) => c.id);
    expect(refIds).toEqual(before);
    expect(after.nodes.length).toBe(first.nodes.length);
    expect(after.nodes).not.toEqual(first.nodes);
    // The reference doc's link into the guide survives the guide's replacement.
    const links = await store.findEdges({ type: "LINKS_TO", doc_id: refDoc?.id ?? "" });
    expect(links.map((e) => e.dst)).toEqual([guideDoc?.id]);
  });

  it("marks failing chunks FAILED, retries them on later runs, and gives up after maxRetries", async () => {
    const root = writeTree({ "guide.md": GUIDE });
    let failing = true;
    const flaky = perChunkProcessor("flaky", async (chunk) => {
      if (failing && chunk.content_type === "table") throw new Error("429 quota exceeded");
      return emptyOutput();
    });
    const processors = [createReferenceProcessor(), flaky];
    const config = { ...TEST_CONFIG, maxRetries: 2 };
    const r1 = await ingestPaths(store, [root], { config, processors });
    expect(r1.chunks_failed).toBe(1);
    const failed = (await store.findNodes({ label: "Chunk", where: { status: "FAILED" } }))[0];
    expect(failed).toMatchObject({ retry_count: 1, error: "flaky: 429 quota exceeded" });
    const r2 = await ingestPaths(store, [root], { config, processors });
    expect(r2).toMatchObject({ skipped: 1, chunks_processed: 0, chunks_failed: 1 });
    const r3 = await ingestPaths(store, [root], { config, processors });
    expect(r3.chunks_failed).toBe(0); // retries exhausted: left FAILED, reported by stats
    expect((await collectStats(store)).warnings.join("\n")).toMatch(/1 chunks FAILED/);
    failing = false;
    await store.write({ chunkStatus: [{ chunk_id: failed?.id ?? "", status: "PENDING" }] });
    const r4 = await ingestPaths(store, [root], { config, processors });
    expect(r4.chunks_processed).toBe(1);
  });
});
