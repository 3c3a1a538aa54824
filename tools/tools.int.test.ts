import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFallbackEmbedder } from "../src/index/embeddings/fallback-embedder.js";
import type { GraphStore } from "../src/store/graph-store.js";
import { createGraphPathsTool } from "./graph-paths.js";
import { createHybridSearchTool } from "./hybrid-search.js";
import { createPprSearchTool } from "./ppr-search.js";
import { questionEntities } from "./question-entities.js";
import { fixtureStore } from "./test-store.js";
import { type ToolResult, ToolResultSchema } from "./tool-result.js";
import { createVectorCypherTool, vectorCypher } from "./vector-cypher.js";
import { createVectorSearchTool } from "./vector-search.js";

const texts = (r: ToolResult) => r.bundle.evidence.map((e) => e.text);

describe("retrieval tools over a real store of test/fixtures/docs", () => {
  const embedder = createFallbackEmbedder();
  let store: GraphStore;
  let plain: GraphStore;
  beforeAll(async () => {
    [store, plain] = await Promise.all([fixtureStore(embedder), fixtureStore()]);
  }, 120_000);
  afterAll(async () => Promise.all([store.close(), plain.close()]));

  it("vector_search ranks by vectors, and says when the store has none", async () => {
    const out = ToolResultSchema.parse(
      await createVectorSearchTool({ store, embedder }).invoke({ query: "queen of Lotharingia" }),
    );
    expect(out.mode).toBe("dense");
    expect(texts(out)[0]).toContain("Teutberga was a queen of Lotharingia");
    expect(out.notes).toEqual([]);
    const none = ToolResultSchema.parse(
      await createVectorSearchTool({ store: plain }).invoke({ query: "queen of Lotharingia" }),
    );
    expect(none.mode).toBe("hybrid");
    expect(none.notes[0]).toMatch(/no embedder/);
    expect(texts(none).join(" ")).toContain("Teutberga");
  });

  it("hybrid_search returns a cited bundle and rejects bad input", async () => {
    const t = createHybridSearchTool({ store, embedder });
    const out = ToolResultSchema.parse(await t.invoke({ query: "How often are the panels cleaned?", k: 10 }));
    expect(out.bundle.evidence.length).toBeGreaterThan(0);
    expect(out.bundle.evidence[0]?.sid).toBe("S1");
    expect(texts(out).join(" ")).toMatch(/Clean panels/);
    expect(out.bundle.evidence.every((e) => e.citation.kind === "url" || e.citation.page > 0)).toBe(true);
    await expect(t.invoke({ query: "", k: 10 })).rejects.toThrow();
  });

  it("ppr_search reaches the passage one entity hop away", async () => {
    const out = ToolResultSchema.parse(
      await createPprSearchTool({ store: plain }).invoke({
        query: "Who was king of the land Teutberga was queen of?",
      }),
    );
    expect(out.mode).toBe("ppr");
    expect(texts(out).join(" ")).toContain("Lothair II was king of Lotharingia");
  });

  it("vector_cypher returns the facts among the reached entities and their passages", async () => {
    const out = ToolResultSchema.parse(
      await createVectorCypherTool({ store, embedder }).invoke({
        query: "Teutberga queen",
        seeds: 1,
        depth: 2,
      }),
    );
    const facts = out.triplets.map((t) => `${t.subject} | ${t.predicate} | ${t.object}`);
    expect(facts).toContain("Teutberga | queen of | Lotharingia");
    expect(facts).toContain("Lothair II | king of | Lotharingia");
    expect(out.triplets.find((t) => t.subject === "Teutberga")?.hops).toBe(0);
    // Lothair II is reached only through Lotharingia: the typed traversal, not the entry passage.
    expect(texts(out).join(" ")).toContain("Lothair II was king of Lotharingia");
    const shallow = await vectorCypher({ store, embedder }, { query: "Teutberga queen", seeds: 1, depth: 1 });
    expect(shallow.triplets.map((t) => t.subject)).toContain("Teutberga");
  });

  it("vector_cypher still links passages through shared entities when no Relation exists", async () => {
    const relations = await plain.findNodes({ label: "Relation" });
    expect(relations.length).toBeGreaterThan(0);
    await plain.write({ deleteNodes: relations.map((r) => r.id), deleteEdges: [{ type: "RELATED_TO" }] });
    const out = await vectorCypher({ store: plain }, { query: "Teutberga queen", seeds: 1 });
    expect(out.triplets).toEqual([]);
    expect(out.notes.join(" ")).toMatch(/no stated relation|no embedder/);
    expect(texts(out).join(" ")).toContain("Lothair II was king of Lotharingia");
  });

  it("resolves the entities a question names, longest match first, names before common nouns", async () => {
    const names = async (q: string) => (await questionEntities(store, q)).map((e) => e.name);
    expect(await names("Was Lothair II married to Teutberga of Lotharingia?")).toEqual([
      "Lothair II",
      "Teutberga",
      "Lotharingia",
    ]);
    expect(await names("Was Lothair II married to teutberga?")).toEqual(["Lothair II"]);
    expect(await names("tell me about lotharingia")).toEqual(["Lotharingia"]);
  });

  it("graph_paths connects two entities and serialises the path with its citations", async () => {
    const out = ToolResultSchema.parse(
      await createGraphPathsTool({ store, embedder }).invoke({
        query: "How are Teutberga and Lothair II connected?",
      }),
    );
    expect(out.entities).toEqual(["Teutberga", "Lothair II"]);
    const path = out.paths[0];
    expect(path?.entities[0]).toBe("Teutberga");
    expect(path?.entities.at(-1)).toBe("Lothair II");
    expect(path?.entities).toContain("Lotharingia");
    expect(path?.text).toMatch(/^Teutberga .*S\d.* Lotharingia .* Lothair II$/);
    expect(out.triplets.map((t) => t.predicate).sort()).toEqual(["king of", "queen of"]);
    const cited = new Set(out.bundle.evidence.map((e) => e.chunk_id));
    for (const id of path?.chunk_ids ?? []) expect(cited.has(id)).toBe(true);
  });

  it("graph_paths gives one entity's neighbourhood and falls back to passages' entities", async () => {
    const one = await createGraphPathsTool({ store }).invoke({
      query: "Tell me about Lotharingia",
      max_hops: 1,
    });
    expect(one.paths.map((p) => p.entities.at(-1))).toEqual(
      expect.arrayContaining(["Teutberga", "Lothair II"]),
    );
    const none = await createGraphPathsTool({ store }).invoke({ query: "which queen ruled there" });
    expect(none.notes.join(" ")).toMatch(/names no known entity/);
  });
});
