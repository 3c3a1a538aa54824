import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chunkPasses, normalizeFilter, type RetrievalFilter } from "../src/domain/retrieval-filter.js";
import { createFallbackEmbedder } from "../src/index/embeddings/fallback-embedder.js";
import type { GraphStore } from "../src/store/graph-store.js";
import { communitySearch } from "./community-search.js";
import { graphPaths } from "./graph-paths.js";
import { hybridSearch } from "./hybrid-search.js";
import { pprSearch } from "./ppr-search.js";
import { temporalLookup } from "./temporal-lookup.js";
import { fixtureStore } from "./test-store.js";
import type { ToolDeps, ToolResult } from "./tool-result.js";
import { vectorCypher } from "./vector-cypher.js";
import { vectorSearch } from "./vector-search.js";

const QUERY = "Who was the king of the land where Teutberga was queen?";
type Run = (deps: ToolDeps, input: { query: string; filter?: RetrievalFilter }) => Promise<ToolResult>;
const TOOLS: ReadonlyArray<[string, Run]> = [
  ["vector_search", vectorSearch],
  ["hybrid_search", (d, i) => hybridSearch(d, { ...i, expand: true })],
  ["ppr_search", pprSearch],
  ["vector_cypher", vectorCypher],
  ["graph_paths", graphPaths],
  ["temporal_lookup", temporalLookup],
  ["community_search", (d, i) => communitySearch(d, { ...i, kind: "both" })],
];

describe("every retrieval tool stays inside a filter", { timeout: 120_000 }, () => {
  const embedder = createFallbackEmbedder();
  let store: GraphStore;
  beforeAll(async () => {
    store = await fixtureStore(embedder);
  }, 120_000);
  afterAll(async () => store.close());

  /** Ids a result hands on: ranked passages, bundle evidence, facts and path passages. */
  const idsOf = (r: ToolResult) => [
    ...r.ranked.map((h) => h.chunk_id),
    ...r.bundle.evidence.map((e) => e.chunk_id),
    ...r.triplets.map((t) => t.chunk_id),
    ...r.paths.flatMap((p) => p.chunk_ids),
  ];
  async function outside(ids: readonly string[], filter: RetrievalFilter): Promise<string[]> {
    const docs = new Map((await store.listDocuments()).map((d) => [d.id, d]));
    const f = normalizeFilter(filter);
    return (await store.getNodes([...new Set(ids)])).flatMap((n) => {
      const doc = docs.get(n.doc_id);
      return n.label === "Chunk" && doc && chunkPasses(f, n, doc) ? [] : [n.id];
    });
  }

  const records = { uri: "*/records.jsonl" };
  const guide = { uri: "*/guide.md" };

  it.each(TOOLS)("%s: a bound filter keeps every passage, fact and path inside", async (_, run) => {
    const plain = idsOf(await run({ store, embedder }, { query: QUERY }));
    expect((await outside(plain, guide)).length).toBeGreaterThan(0);
    const scoped = idsOf(await run({ store, embedder, filter: guide }, { query: QUERY }));
    expect(await outside(scoped, guide)).toEqual([]);
  });

  it.each(TOOLS)(
    "%s: the input's filter applies when none is bound, and cannot widen a bound one",
    async (_, run) => {
      const fromInput = idsOf(await run({ store, embedder }, { query: QUERY, filter: guide }));
      expect(await outside(fromInput, guide)).toEqual([]);
      const widened = idsOf(await run({ store, embedder, filter: guide }, { query: QUERY, filter: records }));
      expect(await outside(widened, guide)).toEqual([]);
    },
  );

  it("a filtered search still fills its k when enough allowed passages exist", async () => {
    const scoped = await hybridSearch(
      { store, embedder, filter: { kind: "markdown" } },
      { query: QUERY, k: 5 },
    );
    expect(scoped.ranked).toHaveLength(5);
    expect(
      await outside(
        scoped.ranked.map((h) => h.chunk_id),
        { kind: "markdown" },
      ),
    ).toEqual([]);
  });
});
