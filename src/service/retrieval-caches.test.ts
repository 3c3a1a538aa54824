import { statSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agentTools } from "../../agents/agent-tools.js";
import { withToolCache } from "../../agents/cached-tools.js";
import type { ToolName } from "../../agents/retrieval-plan.js";
import { fixtureStore } from "../../tools/test-store.js";
import type { ToolResult } from "../../tools/tool-result.js";
import { loadConfig } from "../config.js";
import { createFallbackEmbedder } from "../index/embeddings/fallback-embedder.js";
import { embedderFor } from "../index/index-processors.js";
import { tempDir, writeTree } from "../ingest/test-helpers.js";
import { retrieveBundle } from "../retrieval/retrieve-bundle.js";
import type { GraphStore } from "../store/graph-store.js";
import { type Engine, openEngine } from "./engine.js";
import { RetrievalCaches } from "./retrieval-caches.js";

const QUESTION = "Who was the queen of Lotharingia?";
const CALLS: Array<[ToolName, Record<string, string | number | boolean>]> = [
  ["vector_search", { query: QUESTION, k: 20 }],
  ["hybrid_search", { query: QUESTION, k: 30, expand: true }],
  ["ppr_search", { query: QUESTION, k: 30 }],
  ["vector_cypher", { query: QUESTION, seeds: 5, depth: 2 }],
  ["graph_paths", { query: QUESTION, max_hops: 3 }],
  ["graph_mode", { query: QUESTION, k: 30 }],
  ["temporal_lookup", { query: QUESTION, k: 30, candidates: 60 }],
];

describe("RetrievalCaches over a real store", () => {
  const embedder = createFallbackEmbedder();
  let store: GraphStore;
  beforeAll(async () => {
    store = await fixtureStore(embedder);
  }, 120_000);
  afterAll(async () => store?.close());

  it("a hit returns exactly what a miss (and an uncached run) returns, for every cached tool and /v1/retrieve", async () => {
    const caches = new RetrievalCaches(() => 0, { now: () => Date.parse("2024-05-01T12:00:00Z") });
    const plain = agentTools({ store, embedder });
    const cached = withToolCache(plain, caches);
    for (const [tool, input] of CALLS) {
      const miss = await cached[tool](input);
      const hit = await cached[tool]({ ...input, query: `  ${QUESTION}  ` });
      const fresh = await plain[tool](input);
      expect(hit, tool).toEqual(miss);
      expect(hit, tool).toEqual(fresh);
      expect(hit.bundle.evidence.length, tool).toBeGreaterThan(0);
    }
    const stats = caches.stats();
    expect(stats.tool_results).toMatchObject({ hits: 5, misses: 5, entries: 5 });
    expect(stats.subgraphs).toMatchObject({ hits: 2, misses: 2, entries: 2 });

    const deps = { store, embedder };
    for (const mode of ["bm25", "hybrid", "ppr", "graph", "dense"] as const) {
      const request = { mode, k: 30, budget: 2000, expand: true };
      const compute = (q: string, r: typeof request) => retrieveBundle(deps, q, r);
      const miss = await caches.bundle(QUESTION, request, compute);
      const hit = await caches.bundle(`${QUESTION}\n`, request, compute);
      expect(hit, mode).toEqual(miss);
      expect(hit, mode).toEqual(await retrieveBundle(deps, QUESTION, request));
    }
    expect(caches.stats().retrieval).toMatchObject({ hits: 5, misses: 5, hit_rate: 0.5 });
  });

  it("community_search is never cached (it has its own cache in the store)", async () => {
    const caches = new RetrievalCaches(() => 0);
    const cached = withToolCache(agentTools({ store, embedder }), caches);
    await cached.community_search({ query: QUESTION });
    await cached.community_search({ query: QUESTION });
    const s = caches.stats();
    expect(s.tool_results.hits + s.tool_results.misses + s.subgraphs.hits + s.subgraphs.misses).toBe(0);
  });
});

describe("RetrievalCaches key on the filter", () => {
  const bundleOf = (mode: string) => ({
    query: "q",
    mode,
    summaries: [],
    evidence: [],
    token_count: 0,
    token_budget: 2000,
  });
  it("a different filter misses, the same filter written differently hits", async () => {
    const caches = new RetrievalCaches(() => 0);
    let computed = 0;
    const compute = async () => {
      computed++;
      return bundleOf(`run ${computed}`);
    };
    const request = { mode: "bm25" as const, k: 5, budget: 2000, expand: false };
    const a = await caches.bundle("q", { ...request, filter: { kind: ["pdf", "html"] } }, compute);
    const b = await caches.bundle("q", { ...request, filter: { kind: ["html", "pdf"] } }, compute);
    const c = await caches.bundle("q", { ...request, filter: { kind: "pdf" } }, compute);
    const d = await caches.bundle("q", request, compute);
    expect(b).toEqual(a);
    expect(c.mode).toBe("run 2");
    expect(d.mode).toBe("run 3");
    expect(computed).toBe(3);
  });

  it("tool results are kept per scope", async () => {
    const caches = new RetrievalCaches(() => 0);
    let computed = 0;
    const compute = async () => {
      computed++;
      return { ...({} as ToolResult), mode: `run ${computed}` };
    };
    await caches.run("hybrid_search", { query: "q" }, compute, "");
    await caches.run("hybrid_search", { query: "q" }, compute, '[null,["pdf"],null,null,null,null]');
    await caches.run("hybrid_search", { query: "q" }, compute, '[null,["pdf"],null,null,null,null]');
    expect(computed).toBe(2);
  });
});

describe("the engine invalidates its caches whenever it changes the store", () => {
  let engine: Engine;
  let dir: string;
  const file = (name: string) => join(dir, name);
  const job = async (names: string[]) => {
    engine.jobs.submit(
      "path",
      names.map((name) => ({ name, path: file(name), bytes: statSync(file(name)).size })),
    );
    await engine.jobs.idle();
  };
  const bundle = () =>
    engine.caches.bundle(
      "Which pump needs oil?",
      { mode: "bm25", k: 10, budget: 2000, expand: false },
      (q, r) => retrieveBundle({ store: engine.store, embedder: engine.embedder }, q, r),
    );
  const texts = async () => (await bundle()).evidence.map((e) => e.text).join(" ");

  beforeAll(async () => {
    dir = writeTree({
      "pump.md": "# Pump manual\n\nThe pump needs oil every week.\n",
      "valve.md": "# Valve guide\n\nThe valve needs grease every month, unlike the pump.\n",
      "later.md": "# Compressor\n\nThe compressor pump needs oil daily.\n",
    });
    const config = loadConfig(
      { storePath: join(tempDir("agr-cache-"), "graph.db"), embedder: "fallback" },
      {},
    );
    engine = await openEngine(config, { createEmbedder: embedderFor, log: () => {} });
    await job(["pump.md", "valve.md"]);
  }, 120_000);
  afterAll(async () => engine?.close(1000));

  it("an ingest job and a delete each move the store version: the next lookup is a miss with the new store's answer", async () => {
    const v0 = engine.storeVersion();
    expect(await texts()).toContain("every week");
    expect(await texts()).toContain("every week");
    expect(engine.caches.stats().retrieval).toMatchObject({ hits: 1, misses: 1 });

    const pump = (await engine.store.listDocuments()).find((d) => d.title === "Pump manual");
    expect(pump).toBeDefined();
    if (!pump) return;
    expect(await engine.deleteDocument(pump.id)).toBe(true);
    expect(engine.storeVersion()).toBe(v0 + 1);
    expect(await texts()).not.toContain("every week");
    expect(engine.caches.stats().retrieval).toMatchObject({ hits: 1, misses: 2, invalidations: 1 });

    await job(["later.md"]);
    expect(engine.storeVersion()).toBe(v0 + 2);
    expect(await texts()).toContain("oil daily");
    expect(engine.caches.stats().retrieval).toMatchObject({ hits: 1, misses: 3, invalidations: 2 });
  });

  it("the agent's tools go through the cache: a repeated question hits it and gets the same answer", async () => {
    const first = await engine.agent.ask("Which pump needs oil daily?");
    const before = engine.caches.stats().tool_results.hits;
    const second = await engine.agent.ask("Which pump needs oil daily?");
    expect(engine.caches.stats().tool_results.hits).toBeGreaterThan(before);
    const strip = (r: typeof first) => ({ ...r, trace: r.trace.map((t) => ({ ...t, at_ms: 0 })) });
    expect(strip(second)).toEqual(strip(first));
  });
});
