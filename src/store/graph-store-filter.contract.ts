import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chunkPasses, normalizeFilter, type RetrievalFilter } from "../domain/retrieval-filter.js";
import { FILTER_DIM, filterDocId, filterFixture } from "./filter-fixture.js";
import type { GraphStore } from "./graph-store.js";

const fixture = filterFixture();
const docById = new Map(fixture.docs.map((d) => [d.id, d]));
const query = new Float32Array([1, 0, 0, 0]);

/** What the domain's single definition allows, among the fixture's chunks. */
function expected(filter: RetrievalFilter): string[] {
  const f = normalizeFilter(filter);
  return fixture.chunks
    .filter((c) => {
      const doc = docById.get(c.doc_id);
      return doc !== undefined && chunkPasses(f, c, doc);
    })
    .map((c) => c.id)
    .sort();
}

/** One filter per field (and combinations): each keeps some chunks and drops others. */
export const FILTER_CASES: ReadonlyArray<[string, RetrievalFilter]> = [
  ["uri exact", { uri: "file:///corpus/pdf/annual_report_2021.pdf" }],
  ["uri glob", { uri: "*/corpus/*.html" }],
  ["uri list", { uri: ["file:///corpus/md/guide.md", "*annual_report_20??.pdf"] }],
  ["kind", { kind: ["html", "pdf"] }],
  ["published", { published: { from: "2021", to: "2022-12-31" } }],
  ["published open", { published: { to: "2020-05-01" } }],
  ["modified", { modified: { from: "2024-01-10", to: "2025" } }],
  ["pages", { pages: { from: 5, to: 9 } }],
  ["pages open", { pages: { from: 20 } }],
  ["section", { section: "Item 7" }],
  ["section path", { section: ["item 70 > liquidity", "ITEM 7 > Liquidity"] }],
  ["combined", { kind: "pdf", pages: { to: 12 }, section: "Item 8" }],
  ["nothing", { kind: "docx" }],
];

/** Filters applied inside the store's searches; each adapter's test file calls this. */
export function graphStoreFilterContract(name: string, open: () => Promise<GraphStore>): void {
  describe(`GraphStore filter contract: ${name}`, () => {
    let store: GraphStore;
    beforeAll(async () => {
      store = await open();
      await store.write(fixture.batch);
      await store.upsertVectors({ id: "filter-model", dim: FILTER_DIM }, fixture.vectors);
    });
    afterAll(async () => store.close());

    it("cases are meaningful: each keeps some chunks and drops others (but the empty one)", () => {
      for (const [label, filter] of FILTER_CASES) {
        const n = expected(filter).length;
        expect(n < fixture.chunks.length, label).toBe(true);
        if (label !== "nothing") expect(n > 0, label).toBe(true);
      }
    });

    it("a filtered top k is full when enough allowed chunks match (text and vectors)", async () => {
      const filter: RetrievalFilter = { uri: "*annual_report_*.pdf", pages: { from: 3, to: 18 } };
      // Unfiltered, the top 5 holds no allowed chunk: filtering after the cut would return nothing.
      const plainText = await store.searchText("widget", { k: 5 });
      const plainVec = await store.searchVectors(query, { kind: "text", k: 5 });
      const allowed = new Set(expected(filter));
      expect(plainText.filter((h) => allowed.has(h.id))).toEqual([]);
      expect(plainVec.filter((h) => allowed.has(h.id))).toEqual([]);
      const text = await store.searchText("widget", { k: 5, filter });
      const vec = await store.searchVectors(query, { kind: "text", k: 5, filter });
      expect(text).toHaveLength(5);
      expect(vec).toHaveLength(5);
      for (const h of [...text, ...vec]) expect(allowed.has(h.id), h.id).toBe(true);
      // Exact vector scores, best first: the allowed chunk nearest the query leads.
      expect(vec[0]?.id).toBe(`${filterDocId(1)}:c2`);
    });

    it.each(FILTER_CASES)(
      "filter by %s: searches return exactly what the filter allows",
      async (_, filter) => {
        const want = expected(filter);
        const k = 100;
        const text = (await store.searchText("widget", { k, filter })).map((h) => h.id).sort();
        const vec = (await store.searchVectors(query, { kind: "text", k, filter })).map((h) => h.id).sort();
        const ids = fixture.chunks.map((c) => c.id);
        const allowed = (await store.allowedChunks([...ids, filterDocId(1), "missing"], filter)).sort();
        expect(text).toEqual(want);
        expect(vec).toEqual(want);
        expect(allowed).toEqual(want);
      },
    );

    it("combines a filter with doc_ids and treats an empty filter as none", async () => {
      const both = await store.searchText("widget", {
        k: 100,
        doc_ids: [filterDocId(2)],
        filter: { kind: "pdf" },
      });
      expect(both).toEqual([]);
      const within = await store.searchVectors(query, {
        kind: "text",
        k: 100,
        doc_ids: [filterDocId(1), filterDocId(3)],
        filter: { published: { from: "2020" } },
      });
      expect(within).toHaveLength(40);
      const all = await store.searchText("widget", { k: 100, filter: {} });
      expect(all).toHaveLength(fixture.chunks.length);
      expect(await store.allowedChunks([`${filterDocId(2)}:c3`, filterDocId(2)], {})).toEqual([
        `${filterDocId(2)}:c3`,
      ]);
    });
  });
}
