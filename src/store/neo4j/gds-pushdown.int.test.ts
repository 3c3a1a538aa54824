import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { FIXTURE_DOCS } from "../../../tools/test-store.js";
import { vectorCypher } from "../../../tools/vector-cypher.js";
import { DEFAULT_PPR, personalizedPageRank } from "../../domain/graph-algorithms/personalized-page-rank.js";
import { communityGroups, groupMembers } from "../../index/communities/community-groups.js";
import { louvainGroups } from "../../index/communities/louvain-partition.js";
import { membership, modularity, nmi } from "../../index/communities/partition-quality.js";
import { WeightedPairs } from "../../index/communities/weighted-pairs.js";
import { createEmbeddingProcessor } from "../../index/embeddings/embedding-processor.js";
import { createFallbackEmbedder } from "../../index/embeddings/fallback-embedder.js";
import { createEntityProcessor } from "../../index/extract/entity-processor.js";
import { sectionAuthority } from "../../index/graph-analytics.js";
import { ingestPaths } from "../../ingest/pipeline.js";
import { createReferenceProcessor } from "../../ingest/reference-processor.js";
import { openTempStore, sharedPath, TEST_CONFIG } from "../../ingest/test-helpers.js";
import { loadPhraseGraph } from "../../retrieval/load-phrase-graph.js";
import { DEFAULT_PPR_TUNING, pprRank } from "../../retrieval/modes/ppr-rank.js";
import { retrieve } from "../../retrieval/retrieve.js";
import type { GraphStore, ScoredId } from "../graph-store.js";
import { type LeasedNeo4j, leaseNeo4j } from "./lease-neo4j.js";
import { Neo4jGraphStore } from "./neo4j-store.js";

// A real server on 2 shared cores: a query can take seconds while another suite loads it.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

// The run's REAL Neo4j 5.26 with APOC and open GDS 2.13, leased empty for the file. The same documents (the test
// fixtures plus a 2Wiki slice) are ingested into it and into an embedded store, by the same
// pipeline, so both hold the same graph (ids are derived from content).
const home = mkdtempSync(join(tmpdir(), "agr-gds-"));
const embedder = createFallbackEmbedder();
let server: LeasedNeo4j;
let neo: Neo4jGraphStore;
let plain: Neo4jGraphStore;
let embedded: GraphStore;
const questions: string[] = [];
let emptyAuthority: Map<string, number> | undefined;

async function ingest(store: GraphStore, paths: string[]) {
  await ingestPaths(store, paths, {
    config: TEST_CONFIG,
    processors: [createReferenceProcessor(), createEntityProcessor(), createEmbeddingProcessor(embedder)],
    embedder,
  });
}

beforeAll(async () => {
  server = await leaseNeo4j();
  const dir = sharedPath("datasets", "multihop", "2wikimultihopqa");
  const dev = readFileSync(join(dir, "dev.jsonl"), "utf8").trim().split("\n").slice(0, 12);
  const wanted = new Set<string>();
  for (const line of dev) {
    const q = JSON.parse(line) as { question: string; supporting_ids: string[] };
    questions.push(q.question);
    for (const id of q.supporting_ids) wanted.add(id);
  }
  const corpus = readFileSync(join(dir, "corpus.jsonl"), "utf8").trim().split("\n");
  const slice = corpus.filter((l, i) => i < 250 || wanted.has((JSON.parse(l) as { id: string }).id));
  const file = join(home, "2wiki-slice.jsonl");
  writeFileSync(file, `${slice.join("\n")}\n`);
  neo = await Neo4jGraphStore.open({ uri: server.uri, pushdownPpr: true });
  plain = await Neo4jGraphStore.open({ uri: server.uri, pushdown: false });
  embedded = openTempStore();
  // Before any data: nothing to project must mean an empty answer, not a missing-graph error.
  emptyAuthority = await neo.pushdown?.sectionAuthority();
  await Promise.all([ingest(neo, [FIXTURE_DOCS, file]), ingest(embedded, [FIXTURE_DOCS, file])]);
}, 20 * 60_000);

afterAll(async () => {
  await Promise.all([neo?.close(), plain?.close(), embedded?.close()]);
  server?.release();
  rmSync(home, { recursive: true, force: true });
}, 60_000);

/**
 * GDS keeps scores in single precision (about 1e-6 here): passages whose in-process scores are
 * closer than PPR_TOLERANCE may swap. So: at least 9 of the top 10 shared, and at every rank the
 * two scores (normalised, restart mass summing to 1) within PPR_TOLERANCE.
 */
// GDS iterates in single precision and stops on its own convergence test: 1.01e-5 was seen.
const PPR_TOLERANCE = 5e-5;
function expectSameTop(gds: readonly ScoredId[], local: readonly ScoredId[]) {
  expect(gds).toHaveLength(local.length);
  const shared = gds.filter((r) => local.some((l) => l.id === r.id)).length;
  expect(shared).toBeGreaterThanOrEqual(Math.max(0, local.length - 1));
  for (const [i, r] of gds.entries()) {
    const l = local[i];
    if (r.id !== l?.id) expect(Math.abs(r.score - (l?.score ?? 0))).toBeLessThan(PPR_TOLERANCE);
  }
}

/** Runs `each` over `items`, `size` at a time. */
async function inBatches<T>(items: readonly T[], size: number, each: (item: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(each));
}

const maxAbsDiff = (a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>) =>
  Math.max(...[...a].map(([id, v]) => Math.abs(v - (b.get(id) ?? Number.NaN))));

describe("graph algorithms pushed down to Neo4j GDS", () => {
  it("detects GDS and APOC; a store opened with pushdown: false has none", () => {
    expect(neo.pushdown?.engine).toMatch(/^neo4j-gds 2\.13\./);
    expect(neo.pushdown?.apoc).toBe(true);
    expect(plain.pushdown).toBeUndefined();
    expect(emptyAuthority?.size).toBe(0);
  });

  it("section authority: GDS PageRank equals the in-process one within 1e-4 absolute (mean 1)", async () => {
    const gds = await neo.pushdown?.sectionAuthority();
    const sections = await embedded.findNodes({ label: "Section" });
    const types = ["REFERS_TO", "LINKS_TO", "PART_OF"] as const;
    const links = (await Promise.all(types.map((type) => embedded.findEdges({ type })))).flat();
    const local = sectionAuthority(
      sections.map((s) => s.id),
      links,
    );
    expect(gds?.size).toBe(local.size);
    expect(local.size).toBeGreaterThan(20);
    const diff = maxAbsDiff(local, gds ?? new Map());
    console.log(`authority: ${local.size} sections, max |GDS - in-process| = ${diff.toExponential(2)}`);
    expect(diff).toBeLessThan(1e-4);
    // finalizeGraph wrote the pushed-down values on Neo4j and the in-process ones on SQLite.
    const stored = new Map((await neo.findNodes({ label: "Section" })).map((s) => [s.id, s.authority ?? 0]));
    expect(maxAbsDiff(new Map(sections.map((s) => [s.id, s.authority ?? 0])), stored)).toBeLessThan(1e-4);
  });

  it("phrase-graph PPR: GDS top-10 equals the in-process one up to near-tie swaps, scores within 5e-5", {
    timeout: 300_000,
  }, async () => {
    const graph = await loadPhraseGraph(embedded);
    // Weighted restarts over real entities and passages: several weights, so several GDS runs.
    const entities = graph.ids.slice(0, graph.entityCount).filter((_, i) => (graph.df[i] ?? 0) > 1);
    const passages = graph.ids.slice(graph.entityCount);
    let worst = 0;
    for (let q = 0; q < 5; q++) {
      const restart = new Map<string, number>([
        [entities[q * 7] ?? "", 1],
        [entities[q * 7 + 3] ?? "", 0.5],
        [passages[q * 11] ?? "", 0.05],
      ]);
      const rank = personalizedPageRank(
        graph.csr,
        new Map([...restart].map(([id, w]) => [graph.index.get(id) ?? -1, w])),
        { ...DEFAULT_PPR, damping: 0.7 },
      );
      const local = passages
        .map((id) => ({ id, score: rank[graph.index.get(id) ?? -1] ?? 0 }))
        .filter((r) => r.score > 0)
        .sort((a, b) => b.score - a.score || a.id.localeCompare(b.id))
        .slice(0, 10);
      const t0 = performance.now();
      const gds = (await neo.pushdown?.phrasePpr(restart, { ...DEFAULT_PPR, damping: 0.7, k: 10 })) ?? [];
      console.log(`phrasePpr run ${q}: ${(performance.now() - t0).toFixed(0)} ms (GDS, cached projection)`);
      expectSameTop(gds, local);
      for (const [i, r] of gds.entries()) worst = Math.max(worst, Math.abs(r.score - (local[i]?.score ?? 0)));
    }
    console.log(`phrasePpr: max |GDS - in-process| score = ${worst.toExponential(2)}`);
    expect(worst).toBeLessThan(PPR_TOLERANCE);
  });

  it("pprRank on the same Neo4j: pushed down and in process give the same top-10 (near-tie swaps < 5e-5 allowed)", {
    timeout: 300_000,
  }, async () => {
    let linked = 0;
    let reordered = 0;
    // Three questions at a time, as in the VectorCypher test below: most of a question is waiting on the server.
    await inBatches(questions, 3, async (question) => {
      const t0 = performance.now();
      const down = await pprRank(neo, embedder, question, 10);
      const t1 = performance.now();
      // GDS runs the power iteration: compared with the same walk in process (epsilon 0), not local push.
      const local = await pprRank(plain, embedder, question, 10, { ...DEFAULT_PPR_TUNING, epsilon: 0 });
      const t2 = performance.now();
      console.log(
        `pprRank ${(t1 - t0).toFixed(0)} ms GDS vs ${(t2 - t1).toFixed(0)} ms in process: ${question}`,
      );
      linked += down.linked;
      expect(down.linked).toBe(local.linked);
      expectSameTop(down.ranked, local.ranked);
      if (down.ranked.some((r, i) => r.id !== local.ranked[i]?.id)) reordered++;
    });
    console.log(`pprRank: ${reordered}/${questions.length} top-10s reordered (near-tie swaps only)`);
    expect(linked).toBeGreaterThan(5);
  });

  it("Louvain: GDS and graphology partitions agree (NMI >= 0.8, modularity within 0.03)", async () => {
    const [mentions, entities] = await Promise.all([
      embedded.findEdges({ type: "MENTIONED_IN" }),
      embedded.findNodes({ label: "Entity" }),
    ]);
    const named = new Set(entities.filter((e) => e.type === "NAME" || e.type === "TITLE").map((e) => e.id));
    const byChunk = new Map<string, string[]>();
    for (const m of mentions)
      if (named.has(m.src)) byChunk.set(m.dst, [...(byChunk.get(m.dst) ?? []), m.src]);
    const pairs = new WeightedPairs();
    for (const members of byChunk.values()) pairs.addClique([...new Set(members)].sort(), 1);
    const list = [...pairs.entries()];
    expect(list.length).toBeGreaterThan(100);
    const local = membership(louvainGroups(pairs, { minSize: 1 }));
    const gds = (await neo.pushdown?.louvain(list)) ?? new Map();
    const agreement = nmi(local, gds);
    const [qLocal, qGds] = [modularity(list, local), modularity(list, gds)];
    console.log(
      `louvain: ${local.size} nodes, ${list.length} pairs; NMI ${agreement.toFixed(3)}; ` +
        `modularity in-process ${qLocal.toFixed(4)}, GDS ${qGds.toFixed(4)}; ` +
        `groups ${groupMembers(local, 2).length} vs ${groupMembers(gds, 2).length}`,
    );
    expect(gds.size).toBe(local.size);
    expect(agreement).toBeGreaterThanOrEqual(0.8);
    expect(Math.abs(qLocal - qGds)).toBeLessThanOrEqual(0.03);
  });

  it("Louvain: two cliques joined by one weak edge split the same way in both", async () => {
    const pairs = new WeightedPairs();
    pairs.addClique(["a1", "a2", "a3", "a4"], 3);
    pairs.addClique(["b1", "b2", "b3", "b4"], 3);
    pairs.add("a1", "b1", 0.1);
    const gds = groupMembers((await neo.pushdown?.louvain([...pairs.entries()])) ?? new Map(), 2);
    expect(gds).toEqual(louvainGroups(pairs));
    expect(gds).toEqual([
      ["a1", "a2", "a3", "a4"],
      ["b1", "b2", "b3", "b4"],
    ]);
  });

  it("VectorCypher in one query returns the in-process passages and triplets (depth 3: >= 6 of the top 10)", {
    timeout: 300_000,
  }, async () => {
    let triplets = 0;
    let sameSeeds = 0;
    const depth3: number[] = [];
    // All questions at once: the port walk is many small reads, mostly waiting on the server
    // (3 at a time took 40 s, 12 at a time 20 s).
    await inBatches(questions, questions.length, async (query) => {
      // Across stores only when both vector searches agree: Neo4j's HNSW index (quantised scores)
      // and SQLite's exact scan order the near-flat hashing-embedder similarities differently.
      const [v] = await embedder.embedQueries([query]);
      const seedsOf = async (s: GraphStore) =>
        (await s.searchVectors(v ?? new Float32Array(), { kind: "text", k: 5 })).map((h) => h.id);
      const crossStore = JSON.stringify(await seedsOf(neo)) === JSON.stringify(await seedsOf(embedded));
      if (crossStore) sameSeeds++;
      for (const depth of [1, 2, 3]) {
        const t0 = performance.now();
        const down = await vectorCypher({ store: neo, embedder }, { query, depth });
        const t1 = performance.now();
        const local = await vectorCypher({ store: plain, embedder }, { query, depth });
        const t2 = performance.now();
        if (depth === 2)
          console.log(
            `vectorCypher depth 2: ${(t1 - t0).toFixed(0)} ms one query vs ${(t2 - t1).toFixed(0)} ms through the port`,
          );
        expect(down.mode).toMatch(/one Cypher query/);
        expect(local.mode).not.toMatch(/one Cypher query/);
        const others = crossStore
          ? [local, await vectorCypher({ store: embedded, embedder }, { query, depth })]
          : [local];
        for (const other of others) {
          const where = `depth ${depth}, ${other === local ? "same Neo4j" : "SQLite"}: ${query}`;
          const ids = (r: typeof down) => r.ranked.map((x) => x.chunk_id);
          if (depth <= 2) {
            expect(ids(down), where).toEqual(ids(other));
            expect(down.triplets, where).toEqual(other.triplets);
            expect(down.entities, where).toEqual(other.entities);
          } else {
            // Depth 3: the port walk keeps only the strongest 80 entities of level 1 as the next
            // frontier (and 500 nodes a traversal); the query expands from all of them.
            const top = (r: typeof down) => new Set(ids(r).slice(0, 10));
            const shared = [...top(down)].filter((id) => top(other).has(id)).length;
            depth3.push(shared);
            expect(shared, where).toBeGreaterThanOrEqual(6);
          }
        }
        triplets += down.triplets.length;
      }
    });
    console.log(
      `vectorCypher: ${sameSeeds}/${questions.length} questions with the same vector seeds in both stores`,
    );
    console.log(`vectorCypher depth 3: top-10 shared with the port walk ${depth3.join(", ")}`);
    expect(triplets).toBeGreaterThan(0);
  });

  it("without a push-down PPR walks Neo4j lazily: no whole-graph read, the full walk's ranking", {
    timeout: 300_000,
  }, async () => {
    // A fresh handle, so no graph is cached yet: the default walk reads edges by node, never all of them.
    const fresh = await Neo4jGraphStore.open({ uri: server.uri, pushdown: false });
    const whole = vi.spyOn(fresh, "findEdges");
    const byNode = vi.spyOn(fresh, "edgesTouching");
    try {
      // The four questions at once: each walk mostly waits on the server.
      await inBatches(questions.slice(0, 4), 4, async (question) => {
        const walked = await pprRank(fresh, embedder, question, 10);
        expect(walked.ranked).toHaveLength(10);
        // A tiny epsilon pushes to convergence: the lazy walk then reaches the power iteration's scores.
        const lazy = await pprRank(fresh, embedder, question, 10, { ...DEFAULT_PPR_TUNING, epsilon: 1e-9 });
        const exact = await pprRank(plain, embedder, question, 10, { ...DEFAULT_PPR_TUNING, epsilon: 0 });
        expect(lazy.linked).toBe(exact.linked);
        expectSameTop(lazy.ranked, exact.ranked);
      });
      expect(whole).not.toHaveBeenCalled();
      expect(byNode).toHaveBeenCalled();
    } finally {
      await fresh.close();
    }
  });

  it("without a push-down every caller computes in process (same results)", { timeout: 60_000 }, async () => {
    expect(plain.pushdown).toBeUndefined();
    const question = questions[0] ?? "";
    const local = await pprRank(plain, embedder, question, 10);
    expect(local.linked).toBeGreaterThan(0);
    expect(local.ranked).toHaveLength(10);
    const groups = await communityGroups(new WeightedPairs(), plain.pushdown);
    expect(groups).toEqual([]);
  });

  it("embedded and Neo4j stores rank the same: dense top-10 alike; BM25 differs only in its scorer", {
    timeout: 300_000,
  }, async () => {
    let denseOverlap = 0;
    let denseSame = 0;
    let bm25Overlap = 0;
    let pprSame = 0;
    const overlap = (a: readonly string[], b: readonly string[]) =>
      b.filter((id) => new Set(a).has(id)).length / Math.max(1, a.length);
    for (const question of questions) {
      const [a = [], b = []] = await Promise.all(
        [embedded, plain].map((store) => retrieve({ store, embedder }, question, { mode: "dense", k: 10 })),
      );
      // Exact cosine in SQLite vs Neo4j's HNSW index (quantization off): the best hit is the same,
      // the rest of the top 10 at most an approximate-search swap away.
      expect(b[0]?.chunk_id).toBe(a[0]?.chunk_id);
      expect(b[0]?.score ?? 0).toBeCloseTo(a[0]?.score ?? 1, 4);
      const ids = (r: ReadonlyArray<{ chunk_id: string }>) => r.map((h) => h.chunk_id);
      denseOverlap += overlap(ids(a), ids(b));
      if (JSON.stringify(ids(a)) === JSON.stringify(ids(b))) denseSame++;
      const [ta = [], tb = []] = await Promise.all(
        [embedded, plain].map((store) => store.searchText(question, { k: 10 })),
      );
      bm25Overlap += overlap(
        ta.map((h) => h.id),
        tb.map((h) => h.id),
      );
      const [pa = [], pb = []] = await Promise.all(
        [embedded, plain].map((store) => retrieve({ store, embedder }, question, { mode: "ppr", k: 5 })),
      );
      if (JSON.stringify(ids(pa)) === JSON.stringify(ids(pb))) pprSame++;
    }
    const n = questions.length;
    console.log(
      `embedded vs Neo4j over ${n} questions: dense top-10 identical ${denseSame}/${n}, overlap ${(denseOverlap / n).toFixed(3)}; ` +
        `bm25 top-10 overlap ${(bm25Overlap / n).toFixed(3)}; ppr top-5 identical ${pprSame}/${n}`,
    );
    expect(denseOverlap / n).toBeGreaterThanOrEqual(0.95);
    // FTS5's and Lucene's BM25 differ (term statistics, length normalisation): same terms, other weights.
    expect(bm25Overlap / n).toBeGreaterThan(0.6);
  });
});
