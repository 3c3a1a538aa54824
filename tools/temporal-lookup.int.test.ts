import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEntityProcessor } from "../src/index/extract/entity-processor.js";
import { ingestPaths } from "../src/ingest/pipeline.js";
import { createReferenceProcessor } from "../src/ingest/reference-processor.js";
import { openTempStore, TEST_CONFIG, writeTree } from "../src/ingest/test-helpers.js";
import type { GraphStore } from "../src/store/graph-store.js";
import { createTemporalLookupTool, temporalLookup } from "./temporal-lookup.js";
import { ToolResultSchema } from "./tool-result.js";

// Three dated news notes about one company, ingested like `agr ingest` (rule relations carry chrono dates).
const DOCS = {
  "acme-2018.md": `---\ntitle: Acme expands\npublished_at: 2018-05-02\n---\n# Acme expands\n\nAcme Corp acquired Beta Labs in 2018. Acme Corp opened a plant in Ohio.\n`,
  "acme-2021.md": `---\ntitle: Acme buys Gamma\npublished_at: 2021-09-14\n---\n# Acme buys Gamma\n\nAcme Corp acquired Gamma Systems in 2021. The deal made Acme Corp the largest sensor maker.\n`,
  "acme-2024.md": `---\ntitle: Acme news\npublished_at: 2024-02-20\n---\n# Acme news\n\nAcme Corp acquired Delta Robotics on February 1, 2024. Acme Corp now employs 9,000 people.\n`,
};

describe("temporal_lookup over a real store", { timeout: 60_000 }, () => {
  let store: GraphStore;
  const now = () => new Date("2024-06-01T00:00:00Z");
  beforeAll(async () => {
    store = openTempStore();
    await ingestPaths(store, [writeTree(DOCS)], {
      config: TEST_CONFIG,
      processors: [createReferenceProcessor(), createEntityProcessor()],
    });
  });
  afterAll(() => store.close());

  const docOf = async (chunkId: string) => {
    const n = await store.getNode(chunkId);
    return n?.label === "Chunk" ? n.published_at : undefined;
  };

  it("gives chunks their document's publication date and the dates their text states", async () => {
    const chunks = await store.findNodes({ label: "Chunk" });
    const c2024 = chunks.find((c) => c.text.includes("Delta Robotics"));
    expect(c2024).toMatchObject({ published_at: "2024-02-20", dates: ["2024-02-01"] });
  });

  it("keeps only passages and dated facts inside the window of 'in 2021'", async () => {
    const out = await temporalLookup(
      { store, now },
      { query: "Which company did Acme Corp acquire in 2021?" },
    );
    expect(ToolResultSchema.parse(out).tool).toBe("temporal_lookup");
    expect(out.notes[0]).toBe(
      "time window 2021-01-01 … 2021-12-31 (reference 2024-06-01); read: in 2021; dates named: 2021",
    );
    expect(out.notes).toContain("2 candidate passages dated outside the window were dropped");
    expect(await Promise.all(out.ranked.map((r) => docOf(r.chunk_id)))).toEqual(["2021-09-14"]);
    expect(out.triplets.map((t) => [t.predicate, t.object.toLowerCase(), t.valid_from])).toContainEqual([
      "acquire",
      "gamma systems",
      "2021",
    ]);
    expect(out.triplets.every((t) => t.valid_from?.startsWith("2021"))).toBe(true);
    expect(out.bundle.evidence[0]?.text).toContain("Gamma Systems");
  });

  it("resolves 'last year' against the injected clock, and orders by time on request", async () => {
    const last = await temporalLookup({ store, now }, { query: "What did Acme Corp acquire last year?" });
    expect(last.notes[0]).toContain("time window 2023-01-01 … 2023-12-31 (reference 2024-06-01)");
    expect(last.ranked).toEqual([]);
    const moved = await temporalLookup(
      { store, now },
      { query: "What did Acme Corp acquire last year?", reference_date: "2022-03-01" },
    );
    expect(await Promise.all(moved.ranked.map((r) => docOf(r.chunk_id)))).toEqual(["2021-09-14"]);
    const latest = await temporalLookup(
      { store, now },
      { query: "What is the latest acquisition by Acme Corp?" },
    );
    expect(latest.mode).toBe("hybrid + time filter");
    expect(latest.notes[0]).toBe("time window open (reference 2024-06-01); read: recent");
    expect(latest.notes).toContain(
      "timeline (* = a date the question names): 2018-05-02, 2021-09-14, 2024-02-20",
    );
    const oldest = await temporalLookup({ store, now }, { query: "Acme Corp acquired", order: "asc" });
    expect(oldest.mode).toBe("hybrid + time filter, oldest first");
    expect(await Promise.all(oldest.ranked.map((r) => docOf(r.chunk_id)))).toEqual([
      "2018-05-02",
      "2021-09-14",
      "2024-02-20",
    ]);
  });

  it("spans 'between 2018 and 2020' and runs as a LangChain tool", async () => {
    const t = createTemporalLookupTool({ store, now });
    const out = ToolResultSchema.parse(
      await t.invoke({ query: "Acme Corp acquisitions between 2018 and 2020" }),
    );
    expect(out.notes[0]).toContain("time window 2018-01-01 … 2020-12-31");
    expect(await Promise.all(out.ranked.map((r) => docOf(r.chunk_id)))).toEqual(["2018-05-02"]);
    expect(out.triplets.map((t) => t.object.toLowerCase())).toContain("beta labs");
  });
});
