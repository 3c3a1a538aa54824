import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEntityProcessor } from "../../src/index/extract/entity-processor.js";
import { ingestPaths } from "../../src/ingest/pipeline.js";
import { createReferenceProcessor } from "../../src/ingest/reference-processor.js";
import { openTempStore, TEST_CONFIG, writeTree } from "../../src/ingest/test-helpers.js";
import { recordLines } from "../../src/ingest/test-records.js";
import { buildBundle } from "../../src/retrieval/build-bundle.js";
import { type Evidence, EvidenceSchema, passagesOf } from "../../src/retrieval/context-bundle.js";
import { retrieve } from "../../src/retrieval/retrieve.js";
import type { GraphStore } from "../../src/store/graph-store.js";
import { runAgentState } from "../run-agent.js";
import { withGraphEvidence } from "./graph-evidence.js";

// Small sections, one chunk each: the report has more passages about the vans than the bundle
// takes from one file (3), so Note 4 is reached only through the "see Note 4" reference.
const REPORT = `# Annual Report 2023

## Operations

### Delivery fleet

The company runs forty electric delivery vans in three cities. The lease obligations for the delivery vans are disclosed in Note 4.

### Fleet maintenance

The delivery vans are serviced every twenty thousand kilometres at the central depot.

### Delivery routes

Each of the delivery vans covers about ninety stops on an urban route per day.

### Drivers

Drivers of the delivery vans complete a safety course every spring.

## Notes to the accounts

### Note 4 Commitments

Future minimum payments under non-cancellable agreements amount to 3,904 thousand euros, due within five years.

### Note 5 Staff

The average headcount was 212 employees during the year.
`;

// The maker of the engine is stated only in a record that shares no word with the question.
const RECORDS = [
  ["ac:1", "Falcon trainer", "The Falcon trainer is a two-seat aircraft powered by the Vortex V8 engine."],
  ["ac:2", "Vortex V8", "The Vortex V8 is built by Hartmann Motorenwerke."],
  ["ac:3", "Hartmann Motorenwerke", "Hartmann Motorenwerke is a firm based in Stuttgart."],
  ["ac:4", "Kestrel glider", "The Kestrel glider is a trainer used by flying clubs; it has no engine."],
  ["ac:5", "Osprey", "The Osprey company manufactures trainer seats for flight schools."],
];

const sidsOf = (answer: string) => [...answer.matchAll(/\[(S\d+)\]/g)].map((m) => m[1]);

describe("graph results are evidence, over a store built here", { timeout: 60_000 }, () => {
  let store: GraphStore;
  beforeAll(async () => {
    store = openTempStore();
    await ingestPaths(
      store,
      [writeTree({ "annual-report.md": REPORT, "aircraft.jsonl": recordLines(RECORDS).join("\n") })],
      {
        config: { ...TEST_CONFIG, chunkTokens: 50 },
        processors: [createReferenceProcessor(), createEntityProcessor()],
      },
    );
  }, 120_000);
  afterAll(async () => store.close());

  it("a REFERS_TO hop brings the note's figure in, citing the note, after the passages", async () => {
    const s = await runAgentState("What are the lease obligations for the delivery vans?", { store });
    const evidence = s.evidence?.evidence ?? [];
    const passages = passagesOf(evidence);
    const referring = passages.find((e) => e.text.includes("disclosed in Note 4"));
    expect(referring).toBeDefined();
    // The figure is in no passage: only the hop has it.
    expect(passages.some((e) => e.text.includes("3,904"))).toBe(false);
    const hop = evidence.find((e) => e.kind === "path" && e.text.includes("3,904"));
    expect(hop).toMatchObject({
      heading_path: ["Annual Report 2023", "Notes to the accounts", "Note 4 Commitments"],
      sid: `S${passages.length + 1}`,
    });
    expect(hop?.text).toBe(
      `The lease obligations for the delivery vans are disclosed in Note 4 (${referring?.sid}); Note 4 Commitments: Future minimum payments under non-cancellable agreements amount to 3,904 thousand euros, due within five years.`,
    );
    // The hop cites the note's own chunk, so opening it lands on the figure.
    const note = (await store.findNodes({ label: "Chunk" })).find((c) => c.text.includes("3,904"));
    expect(hop?.chunk_id).toBe(note?.id);
    expect(evidence.every((e) => EvidenceSchema.safeParse(e).success)).toBe(true);
    expect(s.trace.find((e) => e.step === "retrieve")?.detail.graph_evidence).toEqual(["path 1"]);
  });

  // Answer level: the reader answers from the hop item (its figure) and cites the referring passage
  // the item names, so both citations reach the answer.
  it("answer level: the figure from Note 4, citing the hop and the referring passage", async () => {
    const s = await runAgentState("What are the lease obligations for the delivery vans?", { store });
    const evidence = s.evidence?.evidence ?? [];
    const referring = passagesOf(evidence).find((e) => e.text.includes("disclosed in Note 4"));
    const hop = evidence.find((e) => e.kind === "path" && e.text.includes("3,904"));
    expect(s.final?.answer).toContain("3,904");
    expect(sidsOf(s.final?.answer ?? "")).toEqual(expect.arrayContaining([referring?.sid, hop?.sid]));
  });

  it("a RELATED_TO fact brings the engine's maker in as a sentence citing the passage stating it", async () => {
    const s = await runAgentState("Which company manufactures the engine that powers the Falcon trainer?", {
      store,
    });
    expect(s.route?.route).toBe("multi_hop");
    const evidence = s.evidence?.evidence ?? [];
    const passages = passagesOf(evidence);
    const falcon = passages.find((e) => e.text.includes("powered by the Vortex V8"));
    const maker = passages.find((e) => e.text.includes("built by Hartmann"));
    const fact = evidence.find(
      (e) => e.kind === "fact" && e.text === "Vortex V8 is built by Hartmann Motorenwerke.",
    );
    expect(falcon).toBeDefined();
    expect(fact).toMatchObject({ chunk_id: maker?.chunk_id, citation: maker?.citation, title: maker?.title });
    // Graph items follow every passage, numbered on.
    const firstItem = evidence.findIndex((e) => e.kind !== undefined);
    expect(firstItem).toBe(passages.length);
    expect(evidence.map((e) => e.sid)).toEqual(evidence.map((_, i) => `S${i + 1}`));
    const path = evidence.find((e) => e.kind === "path");
    expect(path?.text).toBe(
      `From Falcon trainer to Hartmann Motorenwerke: The Falcon trainer is a two-seat aircraft powered by the Vortex V8 engine (${falcon?.sid}); Vortex V8 is built by Hartmann Motorenwerke (${maker?.sid}).`,
    );
  });

  // Answer level: the reader crosses the hop (Falcon → Vortex V8 → its maker) and cites both sources.
  it("answer level: the engine's maker, citing the Falcon passage and a graph item stating the fact", async () => {
    const s = await runAgentState("Which company manufactures the engine that powers the Falcon trainer?", {
      store,
    });
    const evidence = s.evidence?.evidence ?? [];
    const falcon = passagesOf(evidence).find((e) => e.text.includes("powered by the Vortex V8"));
    const cited = sidsOf(s.final?.answer ?? "");
    expect(s.final?.answer).toContain("Hartmann Motorenwerke");
    expect(cited).toContain(falcon?.sid);
    // The maker's source is cited too: its own passage (read across the hop) or a graph item stating it.
    expect(
      evidence.some(
        (e) => cited.includes(e.sid) && e.sid !== falcon?.sid && e.text.includes("built by Hartmann"),
      ),
    ).toBe(true);
  });

  it("passages give up room to graph items only down to five, and the bundle stays within budget", async () => {
    const question = "What are the lease obligations for the delivery vans?";
    const ranked = await retrieve({ store }, question, { mode: "hybrid", k: 30 });
    const full = await buildBundle(store, question, "hybrid", ranked, 300);
    expect(full.evidence.length).toBeGreaterThan(5);
    const tool = {
      tool: "x",
      query: question,
      mode: "x",
      ranked,
      bundle: full,
      entities: [],
      notes: [],
      paths: [],
    };
    const fact = (i: number) => ({
      subject: "Delivery vans",
      predicate: "lease from",
      object: `Lessor ${i}`,
      relation_id: `r${i}`,
      chunk_id: full.evidence[0]?.chunk_id ?? "",
      evidence: "",
      hops: 0,
    });
    const out = await withGraphEvidence(store, question, full, [
      { ...tool, triplets: [1, 2, 3, 4, 5, 6, 7].map(fact) },
    ]);
    const items = out.bundle.evidence.filter((e: Evidence) => e.kind !== undefined);
    expect(items.length).toBeGreaterThan(0);
    expect(items.length).toBeLessThanOrEqual(6);
    expect(out.dropped_passages).toBeGreaterThan(0);
    expect(passagesOf(out.bundle.evidence).length).toBeGreaterThanOrEqual(5);
    expect(passagesOf(out.bundle.evidence)).toEqual(
      full.evidence.slice(0, passagesOf(out.bundle.evidence).length),
    );
    expect(out.bundle.token_count).toBeLessThanOrEqual(300);
    expect(items[0]?.text).toBe("Delivery vans leased from Lessor 1.");
  });
});
