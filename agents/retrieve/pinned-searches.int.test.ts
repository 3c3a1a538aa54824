import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ingestPaths } from "../../src/ingest/pipeline.js";
import { openTempStore, TEST_CONFIG, writeTree } from "../../src/ingest/test-helpers.js";
import { buildBundle } from "../../src/retrieval/build-bundle.js";
import type { GraphStore } from "../../src/store/graph-store.js";
import type { ToolResult } from "../../tools/tool-result.js";
import { pinnedSearches } from "./pinned-searches.js";

const DOC = [
  "# Changelog",
  "## 0.1.3",
  "- Replace scatter_reduce with native scatter",
  "## 0.1.2",
  "- Faster graph loading for large graphs",
  "## Notes",
  "### Business combinations",
  "The total purchase price of the widget deal was $12 million.",
  "## Network",
  "Our network serves riders in many cities, and cities differ in how riders use it.",
  "## Reach",
  "As of January 2022, the platform was available in approximately 10,500 cities.",
].join("\n\n");

let store: GraphStore;
beforeAll(async () => {
  store = openTempStore();
  await ingestPaths(store, [writeTree({ "changes.md": DOC })], { config: TEST_CONFIG });
}, 60_000);
afterAll(async () => {
  await store?.close();
});

// The pointer search through the store's word search, so the test needs no embedder.
const hybrid = async ({ query, k }: { query: string; k: number }): Promise<ToolResult> => {
  const hits = await store.searchText(query, { k });
  const nodes = await store.getNodes(hits.map((h) => h.id));
  const ranked = nodes.flatMap((n) =>
    n.label === "Chunk" ? [{ chunk_id: n.id, section_id: n.section_id, doc_id: n.doc_id, score: 1 }] : [],
  );
  const bundle = await buildBundle(store, query, "hybrid", ranked);
  return {
    tool: "hybrid_search",
    query,
    mode: "hybrid",
    ranked,
    bundle,
    triplets: [],
    paths: [],
    entities: [],
    notes: [],
  };
};

describe("pinnedSearches", () => {
  it("looks a named identifier up word for word, and asks a pointed source", async () => {
    const byName = await pinnedSearches({ store }, hybrid, "In which release was scatter_reduce replaced?");
    expect(byName.rankings.map((r) => r.hop)).toEqual([2]);
    const [first] = await store.getNodes(byName.rankings[0]?.ids.slice(0, 1) ?? []);
    expect(first?.label === "Chunk" && first.text).toContain("scatter_reduce");
    expect(byName.calls[0]?.tool).toBe("text_search");

    const pointed = await pinnedSearches(
      { store },
      hybrid,
      "The overview mentions the widget deal and refers to the business combinations note. What price does that note give?",
    );
    expect(pointed.rankings.map((r) => r.hop)).toEqual([1]);
    expect(pointed.results).toHaveLength(1);
    // The call names the search that ran (the hybrid one the agent passes).
    expect(pointed.calls[0]?.tool).toBe("hybrid_search");
  });

  it("searches nothing for a plain question", async () => {
    expect(await pinnedSearches({ store }, hybrid, "What got faster for large graphs?")).toEqual({
      rankings: [],
      results: [],
      calls: [],
    });
  });

  it("keeps, for a count question, the passages that state a number of what it counts", async () => {
    const pinned = await pinnedSearches({ store }, hybrid, "In how many cities is the platform available?");
    expect(pinned.rankings.map((r) => [r.hop, r.after])).toEqual([[3, 3]]);
    const nodes = await store.getNodes(pinned.rankings[0]?.ids ?? []);
    expect(nodes.map((n) => (n.label === "Chunk" ? n.text : ""))).toEqual([
      "As of January 2022, the platform was available in approximately 10,500 cities.",
    ]);
    expect(pinned.calls.map((c) => c.tool)).toEqual(["text_search"]);
  });
});
