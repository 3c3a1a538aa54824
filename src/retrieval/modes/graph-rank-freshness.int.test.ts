import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEntityProcessor } from "../../index/extract/entity-processor.js";
import { ingestPaths } from "../../ingest/pipeline.js";
import { createReferenceProcessor } from "../../ingest/reference-processor.js";
import { openTempStore, TEST_CONFIG } from "../../ingest/test-helpers.js";
import type { GraphStore } from "../../store/graph-store.js";
import { graphRankDetailed } from "./graph-rank.js";

const DOCS = join(import.meta.dirname, "../../../test/fixtures/docs");

describe("graph rank: freshness in the blended score", { timeout: 60_000 }, () => {
  let store: GraphStore;
  beforeAll(async () => {
    store = openTempStore();
    await ingestPaths(store, [DOCS], {
      config: TEST_CONFIG,
      processors: [createReferenceProcessor(), createEntityProcessor()],
    });
  });
  afterAll(() => store.close());

  it("adds weight × decayed publication date against the injected clock; undated chunks get 0", async () => {
    const question = "How often should the pump seals be inspected during maintenance?";
    const at = (iso: string) => graphRankDetailed(store, undefined, question, 20, { now: new Date(iso) });
    const fresh = await at("2023-11-02T00:00:00Z"); // guide.md's publication date: freshness 1
    const stale = await at("2300-01-01T00:00:00Z"); // centuries later: freshness ~0
    expect(fresh.plan).not.toBe("hybrid");
    const staleScore = new Map(stale.ranked.map((r) => [r.id, r.score]));
    const nodes = new Map((await store.getNodes(fresh.ranked.map((r) => r.id))).map((n) => [n.id, n]));
    const diffs = fresh.ranked.flatMap((r) => {
      const n = nodes.get(r.id);
      const other = staleScore.get(r.id);
      return n?.label === "Chunk" && other !== undefined ? [{ n, diff: r.score - other }] : [];
    });
    const guide = diffs.filter((d) => d.n.published_at === "2023-11-02");
    expect(guide.length).toBeGreaterThan(0);
    for (const d of guide) expect(d.diff).toBeCloseTo(0.05, 6);
    for (const d of diffs.filter((x) => !x.n.published_at && !x.n.dates)) expect(d.diff).toBe(0);
  });
});
