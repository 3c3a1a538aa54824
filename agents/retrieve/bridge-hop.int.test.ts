import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordsStore } from "../../src/ingest/test-records.js";
import { buildBundle } from "../../src/retrieval/build-bundle.js";
import { retrieve } from "../../src/retrieval/retrieve.js";
import type { GraphStore } from "../../src/store/graph-store.js";
import { createHybridSearchTool } from "../../tools/hybrid-search.js";
import { ToolResultSchema } from "../../tools/tool-result.js";
import { runAgentState } from "../run-agent.js";
import { bundleOrder } from "../run-plan.js";
import { followBridge } from "./bridge-hop.js";

// The film's record names its director; the director's own record, which shares no word with the
// question but the name, holds the answer. Filler records about films crowd the first retrieval.
const RECORDS = [
  ["f:1", "Blue Harbour", "Blue Harbour is a 1998 drama film directed by Tomas Lindqvist."],
  [
    "p:1",
    "Tomas Lindqvist",
    "Tomas Lindqvist (born 4 May 1950 in Malmo Harbour City) is a Swedish director.",
  ],
  ...Array.from({ length: 6 }, (_, i) => [
    `f:${i + 2}`,
    `Harbour Film ${i + 2}`,
    `Harbour Film ${i + 2} is a drama film about a harbour, shot in ${1990 + i}.`,
  ]),
];

describe("the bridge hop, over a store built here", { timeout: 60_000 }, () => {
  let store: GraphStore;
  beforeAll(async () => {
    store = await recordsStore({ "films.jsonl": RECORDS });
  }, 120_000);
  afterAll(async () => store.close());

  it("fetches the bridge's own passage by its name when the first hop lacks it", async () => {
    const question = "What is the place of birth of the director of film Blue Harbour?";
    // The first hop as a weak retrieval would leave it: the director's record not among its passages.
    const hits = await retrieve({ store }, question, { mode: "bm25", k: 8 });
    const nodes = new Map((await store.getNodes(hits.map((h) => h.chunk_id))).map((n) => [n.id, n]));
    const ranked = hits.filter((h) => {
      const n = nodes.get(h.chunk_id);
      return n?.label === "Chunk" && !n.text.includes("Malmo");
    });
    const first = await buildBundle(store, question, "bm25", ranked.slice(0, 3));
    const hybrid = createHybridSearchTool({ store });
    const search = async (query: string) => ToolResultSchema.parse(await hybrid.invoke({ query, k: 5 }));
    expect(first.evidence.some((e) => e.text.includes("Malmo"))).toBe(false);
    const hop = await followBridge(store, search, question, first, ranked);
    expect(hop?.hop.bridge).toBe("Tomas Lindqvist");
    expect(hop?.bundle.evidence.some((e) => e.text.includes("Malmo Harbour City"))).toBe(true);
  });

  it("keeps a passage another search put in the bundle when it is given the bundle's order", async () => {
    const question = "What is the place of birth of the director of film Blue Harbour?";
    const hits = await retrieve({ store }, question, { mode: "bm25", k: 8 });
    const texts = new Map(
      (await store.getNodes(hits.map((h) => h.chunk_id))).flatMap((n) =>
        n.label === "Chunk" ? [[n.id, n.text] as const] : [],
      ),
    );
    const text = (h: { chunk_id: string }) => texts.get(h.chunk_id);
    const ranked = hits.filter((h) => text(h) !== undefined && !text(h)?.includes("Malmo"));
    // A pinned search (a pointed source, an identifier) brought this passage: the plan's ranking lacks it.
    const pinned = ranked.find((h) => text(h)?.includes("shot in 1995"));
    expect(pinned).toBeDefined();
    const planned = ranked.filter((h) => h !== pinned);
    const first = await buildBundle(store, question, "bm25", [
      ...planned.slice(0, 1),
      ...(pinned ? [pinned] : []),
      ...planned.slice(1, 2),
    ]);
    const hybrid = createHybridSearchTool({ store });
    const search = async (query: string) => ToolResultSchema.parse(await hybrid.invoke({ query, k: 5 }));
    const kept = (b?: { evidence: { text: string }[] }) =>
      b?.evidence.some((e) => e.text.includes("shot in 1995"));
    const rebuilt = await followBridge(store, search, question, first, bundleOrder(first, planned));
    expect(kept(rebuilt?.bundle)).toBe(true);
    expect(rebuilt?.bundle.evidence.some((e) => e.text.includes("Malmo Harbour City"))).toBe(true);
  });

  it("the agent answers across the hop, citing both records", async () => {
    const s = await runAgentState("What is the place of birth of the director of film Blue Harbour?", {
      store,
    });
    expect(s.final?.short_answer).toBe("Malmo Harbour City");
    expect(s.final?.citations.map((c) => c.heading_path.at(-1)).sort()).toEqual([
      "Blue Harbour",
      "Tomas Lindqvist",
    ]);
  });
});
