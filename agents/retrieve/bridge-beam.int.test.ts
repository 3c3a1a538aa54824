import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordsStore } from "../../src/ingest/test-records.js";
import { buildBundle } from "../../src/retrieval/build-bundle.js";
import { retrieve } from "../../src/retrieval/retrieve.js";
import type { GraphStore } from "../../src/store/graph-store.js";
import { createHybridSearchTool } from "../../tools/hybrid-search.js";
import { ToolResultSchema } from "../../tools/tool-result.js";
import { followBeam } from "./bridge-beam.js";

// The film's record names its director; the record that answers is not his own (it is headed by an
// event) and shares no word with the question but the name and the asked relation.
const RECORDS = [
  [
    "f:1",
    "Blue Harbour",
    "Blue Harbour is a 1998 drama film directed by Tomas Lindqvist and starring Karin Dahl.",
  ],
  [
    "e:1",
    "Northern Lights Gala",
    "At the Northern Lights Gala, Tomas Lindqvist arrived with his spouse, the painter Ada Greta Holm.",
  ],
  ...Array.from({ length: 3 }, (_, i) => [
    `f:${i + 2}`,
    `Harbour Film ${i + 2}`,
    `Harbour Film ${i + 2} is a drama film about a harbour, shot in ${1990 + i}.`,
  ]),
];

describe("the bridge beam, over a store built here", { timeout: 60_000 }, () => {
  let store: GraphStore;
  beforeAll(async () => {
    store = await recordsStore({ "films.jsonl": RECORDS });
  }, 120_000);
  afterAll(async () => store.close());

  const search = async (query: string) =>
    ToolResultSchema.parse(await createHybridSearchTool({ store }).invoke({ query, k: 5 }));
  /** The first retrieval as a weak one would leave it: the gala's record absent. */
  const firstHop = async (question: string) => {
    const hits = await retrieve({ store }, question, { mode: "bm25", k: 8 });
    const nodes = new Map((await store.getNodes(hits.map((h) => h.chunk_id))).map((n) => [n.id, n]));
    const ranked = hits.filter((h) => {
      const n = nodes.get(h.chunk_id);
      return n?.label === "Chunk" && !n.text.includes("Gala");
    });
    return { ranked, first: await buildBundle(store, question, "bm25", ranked) };
  };
  const question = "Who is the spouse of the man who directed Blue Harbour?";

  it("puts the passage saying a name of the first passage and the unsaid relation after the best three", async () => {
    const { ranked, first } = await firstHop(question);
    expect(first.evidence[0]?.text).toContain("Blue Harbour is");
    const out = await followBeam(store, search, question, first, ranked);
    expect(out?.beam.bridges.map((b) => b.name)).toContain("Tomas Lindqvist");
    expect(out?.bundle.evidence.slice(0, 3).map((e) => e.chunk_id)).toEqual(
      first.evidence.slice(0, 3).map((e) => e.chunk_id),
    );
    expect(out?.bundle.evidence[3]?.text).toContain("Ada Greta Holm");
  });

  it("never moves a passage the first retrieval already ranked among its best three down", async () => {
    const hits = await retrieve({ store }, question, { mode: "bm25", k: 8 });
    const texts = new Map(
      (await store.getNodes(hits.map((h) => h.chunk_id))).flatMap((n) =>
        n.label === "Chunk" ? [[n.id, n.text] as const] : [],
      ),
    );
    const says = (word: string) => (h: { chunk_id: string }) => texts.get(h.chunk_id)?.includes(word);
    // The film's record first, the gala's second: the beam's pick is already near the top.
    const ranked = [
      ...hits.filter(says("Blue Harbour is")),
      ...hits.filter(says("Gala")),
      ...hits.filter((h) => !says("Blue Harbour is")(h) && !says("Gala")(h)),
    ];
    const first = await buildBundle(store, question, "bm25", ranked);
    const gala = (b: { evidence: { text: string }[] }) =>
      b.evidence.findIndex((e) => e.text.includes("Gala"));
    expect(gala(first)).toBe(1);
    const out = await followBeam(store, search, question, first, ranked);
    expect(out ? gala(out.bundle) : gala(first)).toBe(1);
  });

  it("is null when the first passage names no one the question does not", async () => {
    const q = "In which year was Harbour Film 3 shot?";
    const { ranked, first } = await firstHop(q);
    expect(first.evidence[0]?.text).toContain("Harbour Film 3 is");
    expect(await followBeam(store, search, q, first, ranked)).toBeNull();
  });
});
