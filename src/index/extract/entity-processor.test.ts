import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ingestPaths } from "../../ingest/pipeline.js";
import { processPendingChunks } from "../../ingest/process-chunks.js";
import { createReferenceProcessor } from "../../ingest/reference-processor.js";
import { openTempStore, TEST_CONFIG, writeTree } from "../../ingest/test-helpers.js";
import type { GraphStore } from "../../store/graph-store.js";
import { createEntityProcessor } from "./entity-processor.js";

const FLEET = `# Fleet

The Federal Aviation Administration (FAA) regulates civil aviation. Delta Air Lines acquired Northwest Airlines in 2008.

Table 2: Operators of the Boeing 757 and their bases

| Operator | Base | Aircraft |
|---|---|---|
| Delta Air Lines | Atlanta | 900 |
| Lufthansa | Frankfurt | 700 |
| Total | | 1600 |
`;

// Loading the tagger model takes seconds on a busy machine.
describe("entity processor: relations and table definitions", { timeout: 30_000 }, () => {
  let store: GraphStore;
  beforeEach(() => {
    store = openTempStore();
  });
  afterEach(() => store.close());

  const ingest = (root: string) =>
    ingestPaths(store, [join(root, "fleet.md")], {
      config: TEST_CONFIG,
      processors: [createReferenceProcessor(), createEntityProcessor()],
    });
  const name = async (id: string) => {
    const n = await store.getNode(id);
    return n?.label === "Entity" ? n.canonical : id;
  };

  it("anchors each relation to its section and chunk, with subject, object and a RELATED_TO shortcut", async () => {
    await ingest(writeTree({ "fleet.md": FLEET }));
    const relations = await store.findNodes({ label: "Relation" });
    const acquired = relations.find((r) => r.predicate === "acquire");
    expect(acquired).toMatchObject({ source: "rules", valid_from: "2008" });
    expect(acquired?.evidence).toContain("Delta Air Lines acquired Northwest Airlines in 2008.");
    expect(await name(acquired?.subject ?? "")).toBe("delta air lines");
    expect(await name(acquired?.object ?? "")).toBe("northwest airlines");
    const asserts = await store.findEdges({ type: "ASSERTS", dst: acquired?.id ?? "" });
    expect(asserts.map((e) => e.src)).toEqual([acquired?.section_id]);
    expect(await store.getNode(acquired?.chunk_id ?? "")).toMatchObject({ label: "Chunk" });
    expect((await store.findEdges({ type: "SUBJECT", src: acquired?.id ?? "" })).map((e) => e.dst)).toEqual([
      acquired?.subject,
    ]);
    const shortcut = await store.findEdges({ type: "RELATED_TO", src: acquired?.subject ?? "" });
    expect(shortcut.map((e) => e.props)).toContainEqual({
      predicate: "acquire",
      chunk_id: acquired?.chunk_id,
    });
    const alias = relations.find((r) => r.predicate === "alias of");
    expect([await name(alias?.subject ?? ""), await name(alias?.object ?? "")]).toEqual([
      "faa",
      "federal aviation administration",
    ]);
  });

  it("links a table to the row labels and caption names it defines", async () => {
    await ingest(writeTree({ "fleet.md": FLEET }));
    const [table] = await store.findNodes({ label: "Table" });
    const defines = await store.findEdges({ type: "DEFINES" });
    expect(defines.every((e) => e.src === table?.id && e.props.chunk_id)).toBe(true);
    const names = await Promise.all(defines.map((e) => name(e.dst)));
    expect(names).toEqual(expect.arrayContaining(["boeing", "delta air lines", "lufthansa"]));
    expect(names).not.toContain("total");
    // A defined label is also mentioned by the table's passage (the phrase graph reaches it).
    const lufthansa = defines.find((e) => e.dst && names[defines.indexOf(e)] === "lufthansa");
    expect(await store.findEdges({ type: "MENTIONED_IN", src: lufthansa?.dst ?? "" })).toHaveLength(1);
  });

  it("writes the same nodes and edges when the chunks are processed again", async () => {
    await ingest(writeTree({ "fleet.md": FLEET }));
    const count = async () => {
      const c = await store.counts();
      return {
        nodes: c.nodes.map((n) => `${n.label}:${n.count}`).sort(),
        edges: c.edges.map((e) => `${e.type}:${e.count}`).sort(),
      };
    };
    const before = await count();
    const chunks = await store.findNodes({ label: "Chunk" });
    await store.write({ chunkStatus: chunks.map((c) => ({ chunk_id: c.id, status: "PENDING" as const })) });
    const rerun = await processPendingChunks(
      store,
      [createReferenceProcessor(), createEntityProcessor()],
      TEST_CONFIG,
    );
    expect(rerun.processed).toBe(chunks.length);
    expect(await count()).toEqual(before);
    expect(before.nodes).toContainEqual(expect.stringMatching(/^Relation:[1-9]/));
  });
});
