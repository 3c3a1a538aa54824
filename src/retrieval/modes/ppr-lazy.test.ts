import { describe, expect, it } from "vitest";
import { personalizedPageRank } from "../../domain/graph-algorithms/personalized-page-rank.js";
import type { GraphEdge } from "../../domain/graph-edge.js";
import type { GraphNode } from "../../domain/graph-node.js";
import { SqliteGraphStore } from "../../store/embedded/sqlite-store.js";
import { loadPhraseGraph } from "../load-phrase-graph.js";
import { LazyPhraseGraph } from "./ppr-lazy.js";

const entity = (i: number, type: "NAME" | "CONCEPT" = "NAME"): GraphNode => ({
  label: "Entity",
  id: `ent:${i}`,
  doc_id: "",
  name: `E${i}`,
  canonical: `e${i}`,
  type,
});
const chunk = (i: number): GraphNode => ({
  label: "Chunk",
  id: `chk:${i}`,
  doc_id: "doc",
  chunk_id: `chk:${i}`,
  section_id: `sec:${i % 5}`,
  seq: i,
  text: `passage ${i}`,
  content_type: "text",
  subheadings: [],
  heading_path: [],
  char_start: 0,
  char_end: 9,
  bboxes: [],
  token_count: 2,
  content_hash: `h${i}`,
  status: "PENDING",
  retry_count: 0,
});
const edge = (
  src: string,
  type: GraphEdge["type"],
  dst: string,
  props = {},
  section_id = "sec:0",
): GraphEdge => ({
  src,
  type,
  dst,
  section_id,
  doc_id: "doc",
  props,
});

/** 30 passages, 12 entities (one a class), mentions with title weights, NEXT, SYNONYM and facts. */
async function fixture(): Promise<SqliteGraphStore> {
  const store = SqliteGraphStore.open(":memory:");
  const edges: GraphEdge[] = [];
  for (let c = 0; c < 30; c++) {
    for (const e of [c % 12, (c * 7 + 3) % 12, (c * 5 + 1) % 12])
      edges.push(
        edge(`ent:${e}`, "MENTIONED_IN", `chk:${c}`, { weight: e === c % 12 ? 3 : 1 }, `sec:${c % 5}`),
      );
    if (c % 3 !== 2)
      edges.push(edge(`chk:${c}`, "NEXT", `chk:${c + 1}`, {}, c % 6 === 0 ? "" : `sec:${c % 5}`));
  }
  edges.push(edge("ent:1", "SYNONYM", "ent:2", { weight: 0.9 }, ""));
  edges.push(edge("ent:3", "RELATED_TO", "ent:4", { predicate: "born in" }));
  edges.push(edge("ent:3", "RELATED_TO", "ent:4", { predicate: "lived in" }, "sec:1"));
  edges.push(edge("ent:5", "RELATED_TO", "ent:6", { predicate: "alias of" }));
  edges.push(edge("ent:7", "RELATED_TO", "ent:11", { predicate: "is a" })); // ent:11 is a concept: not named
  const nodes = [
    ...Array.from({ length: 12 }, (_, i) => entity(i, i === 11 ? "CONCEPT" : "NAME")),
    ...Array.from({ length: 31 }, (_, i) => chunk(i)),
  ];
  await store.write({ nodes, edges });
  return store;
}

describe("LazyPhraseGraph", () => {
  it("walks to the loaded graph's PPR: every passage's score within the push error", async () => {
    const store = await fixture();
    const full = await loadPhraseGraph(store);
    const lazy = new LazyPhraseGraph(store);
    const seeds = new Map([
      ["ent:3", 1],
      ["ent:1", 0.5],
      ["chk:7", 0.05],
    ]);
    const exact = personalizedPageRank(
      full.csr,
      new Map([...seeds].map(([id, w]) => [full.index.get(id) ?? -1, w])),
      { damping: 0.7, maxIterations: 500, tolerance: 1e-14 },
    );
    const walked = await lazy.walk(seeds, 0.7, 1e-10);
    // Every passage scores as in the loaded graph, up to the push's error (the fixture has exact ties).
    const chunks = full.ids.filter((id) => id.startsWith("chk:"));
    expect(chunks.length).toBe(30); // chk:30 has no edge: not in the graph
    for (const id of chunks)
      expect(Math.abs((walked.get(id) ?? 0) - (exact[full.index.get(id) ?? -1] ?? 0))).toBeLessThan(1e-8);
    expect(walked.get("ent:4")).toBeGreaterThan(0.01); // reached through RELATED_TO
    expect([...lazy.entities].every((id) => id.startsWith("ent:"))).toBe(true);
    await store.close();
  });

  it("counts passages per entity and reads no hub it need not push", async () => {
    const store = await fixture();
    let touched = 0;
    const watched = Object.assign(Object.create(store), {
      edgesTouching: async (ids: readonly string[], types: Parameters<typeof store.edgesTouching>[1]) => {
        touched += ids.length;
        return store.edgesTouching(ids, types);
      },
    }) as SqliteGraphStore;
    // Counted, not loaded: a question's names may be hubs the walk never pushes.
    expect(await new LazyPhraseGraph(watched).entityDf(["ent:3", "ent:404"])).toEqual(
      new Map([["ent:3", 8]]),
    );
    expect(touched).toBe(0);
    let read = 0;
    const counting = Object.assign(Object.create(store), {
      edgesTouching: async (ids: readonly string[], types: Parameters<typeof store.edgesTouching>[1]) => {
        read += ids.length;
        return store.edgesTouching(ids, types);
      },
    }) as SqliteGraphStore;
    const coarse = new LazyPhraseGraph(counting);
    await coarse.walk(new Map([["chk:0", 1]]), 0.7, 0.05);
    expect(read).toBeGreaterThan(0);
    expect(read).toBeLessThan(10);
    await store.close();
  });

  it("walks the same with counts stopped at residual / epsilon as with whole counts", async () => {
    const store = await fixture();
    const caps: number[] = [];
    const wrap = (cap: (c: number | undefined) => number | undefined) =>
      Object.assign(Object.create(store), {
        edgeCounts: (ids: readonly string[], types: Parameters<typeof store.edgeCounts>[1], c?: number) => {
          if (c !== undefined) caps.push(c);
          return store.edgeCounts(ids, types, cap(c));
        },
      }) as SqliteGraphStore;
    const seeds = new Map([
      ["ent:3", 1],
      ["chk:7", 0.05],
    ]);
    const capped = await new LazyPhraseGraph(wrap((c) => c)).walk(seeds, 0.7, 2e-3);
    const whole = await new LazyPhraseGraph(wrap(() => undefined)).walk(seeds, 0.7, 2e-3);
    expect([...capped].sort()).toEqual([...whole].sort());
    // Some count stopped below an entity's 8+ edges.
    expect(Math.min(...caps)).toBeLessThan(8);
    expect((await store.edgeCounts(["ent:3"], ["MENTIONED_IN"], 2)).get("ent:3")).toBe(2);
    await store.close();
  });

  it("floors degrees: fewer counts, and no node pushed below epsilon × floor", async () => {
    const store = await fixture();
    const counted: string[] = [];
    const touched: string[] = [];
    const watched = Object.assign(Object.create(store), {
      edgeCounts: (ids: readonly string[], types: Parameters<typeof store.edgeCounts>[1], cap?: number) => {
        counted.push(...ids);
        return store.edgeCounts(ids, types, cap);
      },
      edgesTouching: (
        ids: readonly string[],
        types: Parameters<typeof store.edgesTouching>[1],
        options?: Parameters<typeof store.edgesTouching>[2],
      ) => {
        touched.push(...ids);
        return store.edgesTouching(ids, types, options);
      },
    }) as SqliteGraphStore;
    const seeds = new Map([
      ["ent:3", 1],
      ["chk:7", 0.05],
    ]);
    const exact = await new LazyPhraseGraph(watched).walk(seeds, 0.7, 2e-3);
    const exactCounts = counted.length;
    counted.length = 0;
    touched.length = 0;
    const floored = await new LazyPhraseGraph(watched).walk(seeds, 0.7, 2e-3, 12);
    expect(counted.length).toBeLessThan(exactCounts);
    // Every node pushed had a residual of at least epsilon × 12, so it holds at least (1 - damping) of that.
    for (const [id, score] of floored)
      if (id !== "ent:3") expect(score).toBeGreaterThanOrEqual(0.3 * 2e-3 * 12 * 0.999);
    // The seed entity's passages still lead.
    const best = (m: Map<string, number>) =>
      [...m].filter(([id]) => id.startsWith("chk:")).sort((a, b) => b[1] - a[1])[0]?.[0];
    expect(best(floored)).toBe(best(exact));
    await store.close();
  });
});
