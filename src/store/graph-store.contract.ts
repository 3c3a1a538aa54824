import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fixtureDocument } from "./contract-fixture.js";
import type { GraphStore } from "./graph-store.js";

/** The behaviour every GraphStore adapter must show; each adapter's test file calls this. */
export function graphStoreContract(name: string, open: () => Promise<GraphStore>): void {
  describe(`GraphStore contract: ${name}`, () => {
    let store: GraphStore;
    beforeEach(async () => {
      store = await open();
      await store.write(fixtureDocument(1));
      await store.write(fixtureDocument(2));
    });
    afterEach(async () => store.close());

    it("reads back what it wrote, by id and by label", async () => {
      const node = await store.getNode("doc:1:s1");
      expect(node).toMatchObject({ label: "Section", title: "Financial results", level: 1 });
      expect(await store.getNode("nope")).toBeNull();
      const sections = await store.findNodes({ label: "Section", doc_id: "doc:2" });
      expect(sections.map((s) => s.id).sort()).toEqual(["doc:2:s1", "doc:2:s2"]);
      const l2 = await store.findNodes({ label: "Section", where: { level: 2 } });
      expect(l2).toHaveLength(2);
      const many = await store.getNodes(["doc:2:s1", "missing", "doc:1:s1"]);
      expect(many.map((n) => n.id)).toEqual(["doc:2:s1", "doc:1:s1"]);
    });

    it("is idempotent: writing the same batch twice changes no count", async () => {
      const before = await store.counts();
      await store.write(fixtureDocument(1));
      await store.write(fixtureDocument(1));
      expect(await store.counts()).toEqual(before);
      expect(await store.findEdges({ doc_id: "doc:1" })).toHaveLength(9);
    });

    it("merges edges by (src, type, dst, section_id)", async () => {
      const base = {
        src: "doc:1:s1",
        type: "REFERS_TO" as const,
        dst: "doc:1:s2",
        doc_id: "doc:1",
        props: {},
      };
      await store.write({ edges: [{ ...base, section_id: "doc:1:s1", props: { locator: "changed" } }] });
      await store.write({ edges: [{ ...base, section_id: "other" }] });
      const refs = await store.findEdges({ src: "doc:1:s1", type: "REFERS_TO" });
      expect(refs).toHaveLength(2);
      expect(refs.find((r) => r.section_id === "doc:1:s1")?.props.locator).toBe("changed");
    });

    it("finds documents by uri", async () => {
      expect((await store.getDocumentByUri("file:///docs/2.md"))?.id).toBe("doc:2");
      expect(await store.getDocumentByUri("file:///docs/3.md")).toBeNull();
      expect((await store.listDocuments()).map((d) => d.id).sort()).toEqual(["doc:1", "doc:2"]);
    });

    it("traverses by edge type, direction and depth", async () => {
      const one = await store.traverse(["doc:1"], { edgeTypes: ["CONTAINS"], direction: "out", depth: 1 });
      expect(one.nodes.map((n) => n.id).sort()).toEqual(["doc:1", "doc:1:s1", "doc:1:s2"]);
      const two = await store.traverse(["doc:1"], { edgeTypes: ["CONTAINS"], direction: "out", depth: 2 });
      expect(two.nodes).toHaveLength(6);
      expect(two.edges.every((e) => e.type === "CONTAINS")).toBe(true);
      const up = await store.traverse(["doc:1:s2"], { edgeTypes: ["PART_OF"], direction: "out", depth: 3 });
      expect(up.nodes.map((n) => n.id).sort()).toEqual(["doc:1:s1", "doc:1:s2"]);
      const back = await store.traverse(["doc:1:s1"], { edgeTypes: ["PART_OF"], direction: "in", depth: 1 });
      expect(back.nodes.map((n) => n.id).sort()).toEqual(["doc:1:s1", "doc:1:s2"]);
      const next = await store.traverse(["doc:1:s1:c1"], { edgeTypes: ["NEXT"], direction: "out", depth: 2 });
      expect(next.edges).toHaveLength(2);
    });

    it("lists edges touching given nodes, from either end, with weight and predicate (when offered)", async () => {
      if (!store.edgesTouching) return;
      await store.write({
        nodes: [
          { label: "Entity", id: "ent:a", doc_id: "", name: "A", canonical: "a", type: "NAME" },
          { label: "Entity", id: "ent:b", doc_id: "", name: "B", canonical: "b", type: "NAME" },
        ],
        edges: [
          {
            src: "ent:a",
            type: "MENTIONED_IN",
            dst: "doc:1:s1:c1",
            section_id: "doc:1:s1",
            doc_id: "doc:1",
            props: { weight: 3 },
          },
          {
            src: "ent:a",
            type: "RELATED_TO",
            dst: "ent:b",
            section_id: "doc:1:s1",
            doc_id: "doc:1",
            props: { predicate: "born in" },
          },
        ],
      });
      const refs = await store.edgesTouching(
        ["doc:1:s1:c1", "ent:b"],
        ["MENTIONED_IN", "RELATED_TO", "NEXT"],
      );
      const key = (r: { src: string; type: string; dst: string }) => `${r.src} ${r.type} ${r.dst}`;
      expect(refs.map(key).sort()).toEqual([
        "doc:1:s1:c1 NEXT doc:1:s1:c2",
        "ent:a MENTIONED_IN doc:1:s1:c1",
        "ent:a RELATED_TO ent:b",
      ]);
      expect(refs.find((r) => r.type === "MENTIONED_IN")?.weight).toBe(3);
      expect(refs.find((r) => r.type === "RELATED_TO")?.predicate).toBe("born in");
      expect(await store.edgesTouching(["ent:a"], ["SYNONYM"])).toEqual([]);
      const counts = await store.edgeCounts?.(
        ["ent:a", "doc:1:s1:c1", "missing"],
        ["MENTIONED_IN", "RELATED_TO", "NEXT"],
      );
      expect(counts && Object.fromEntries(counts)).toEqual({ "ent:a": 2, "doc:1:s1:c1": 2, missing: 0 });
      // With a cap a count may stop there (at least cap), or be whole: never below min(count, cap).
      const capped = await store.edgeCounts?.(
        ["ent:a", "missing"],
        ["MENTIONED_IN", "RELATED_TO", "NEXT"],
        1,
      );
      expect(capped?.get("missing")).toBe(0);
      expect(capped?.get("ent:a")).toBeGreaterThanOrEqual(1);
      expect(capped?.get("ent:a")).toBeLessThanOrEqual(2);
    });

    it("ranks chunks by BM25 and treats query syntax as text", async () => {
      const hits = await store.searchText("mobility revenue", { k: 5 });
      expect(hits[0]?.id).toBe("doc:1:s1:c1");
      expect(hits[0]?.score).toBeGreaterThan(0);
      const heading = await store.searchText("quarterly", { k: 5 });
      expect(heading.map((h) => h.id)).toContain("doc:1:s1:c1");
      const scoped = await store.searchText("declined freight", { k: 5, doc_ids: ["doc:1"] });
      expect(scoped).toEqual([]);
      for (const nasty of ['" OR 1=1 --', "NEAR(a b)", "*", "'; DROP TABLE nodes; --", ""]) {
        await expect(store.searchText(nasty, { k: 5 })).resolves.toBeInstanceOf(Array);
      }
      expect(await store.getNode("doc:1")).not.toBeNull();
    });

    it("tracks chunk status: pending work, failures with retries, completion", async () => {
      expect(await store.workChunks({ maxRetries: 3 })).toHaveLength(6);
      await store.write({ chunkStatus: [{ chunk_id: "doc:1:s1:c1", status: "PROCESSED" }] });
      await store.write({
        chunkStatus: [{ chunk_id: "doc:1:s1:c2", status: "FAILED", error: "quota", incrementRetry: true }],
      });
      const work = await store.workChunks({ maxRetries: 1, doc_id: "doc:1" });
      expect(work.map((c) => c.id)).toEqual(["doc:1:s2:c1"]);
      const page = await store.workChunks({ maxRetries: 3, limit: 2, after: { doc_id: "doc:1", seq: 12 } });
      expect(page.map((c) => c.id)).toEqual(["doc:1:s2:c1", "doc:2:s1:c1"]);
      const failed = await store.getNode("doc:1:s1:c2");
      expect(failed).toMatchObject({ status: "FAILED", retry_count: 1, error: "quota" });
      await store.write({ chunkStatus: [{ chunk_id: "doc:1:s1:c2", status: "PROCESSED" }] });
      const done = await store.getNode("doc:1:s1:c2");
      expect(done).toMatchObject({ status: "PROCESSED", retry_count: 1 });
      expect(done && "error" in done ? done.error : undefined).toBeUndefined();
      const counts = await store.counts();
      const doc1 = counts.chunk_status.filter((c) => c.doc_id === "doc:1");
      expect(Object.fromEntries(doc1.map((c) => [c.status, c.count]))).toEqual({ PROCESSED: 2, PENDING: 1 });
    });

    it("deletes one document's nodes and edges, leaving the other intact", async () => {
      await store.write({
        edges: [
          {
            src: "doc:2:s1",
            type: "LINKS_TO",
            dst: "doc:1:s1",
            section_id: "doc:2:s1",
            doc_id: "doc:2",
            props: {},
          },
        ],
      });
      await store.upsertVectors({ id: "m", dim: 2 }, [
        { id: "doc:1:s1:c1", kind: "text", vector: new Float32Array([1, 0]) },
        { id: "doc:2:s1:c1", kind: "text", vector: new Float32Array([0, 1]) },
      ]);
      const before = await store.counts();
      expect(await store.deleteDocument("doc:1")).toBe(true);
      expect(await store.deleteDocument("doc:1")).toBe(false);
      expect(await store.getNode("doc:1:s1")).toBeNull();
      expect(await store.findEdges({ doc_id: "doc:1" })).toEqual([]);
      expect(await store.findEdges({ dst: "doc:1:s1" })).toEqual([]);
      expect(await store.searchText("mobility", { k: 5 })).toEqual([]);
      const after = await store.counts();
      expect(after.nodes.filter((c) => c.doc_id === "doc:2")).toEqual(
        before.nodes.filter((c) => c.doc_id === "doc:2"),
      );
      expect((await store.searchText("freight", { k: 5 }))[0]?.id).toBe("doc:2:s1:c1");
      const vec = await store.searchVectors(new Float32Array([1, 0.1]), { kind: "text", k: 5 });
      expect(vec.map((v) => v.id)).toEqual(["doc:2:s1:c1"]);
    });

    it("keeps shared entities while mentioned and prunes them once orphaned", async () => {
      const entity = {
        label: "Entity" as const,
        id: "ent:x",
        doc_id: "" as const,
        name: "X",
        canonical: "x",
        type: "NAME" as const,
      };
      const mention = (doc: string) => ({
        src: "ent:x",
        type: "MENTIONED_IN" as const,
        dst: `${doc}:s1:c1`,
        section_id: `${doc}:s1`,
        doc_id: doc,
        props: { weight: 1 },
      });
      await store.write({ nodes: [entity], edges: [mention("doc:1"), mention("doc:2")] });
      await store.deleteDocument("doc:1");
      expect(await store.pruneOrphans("Entity")).toBe(0);
      expect(await store.getNode("ent:x")).not.toBeNull();
      await store.deleteDocument("doc:2");
      expect(await store.pruneOrphans("Entity")).toBe(1);
      expect(await store.getNode("ent:x")).toBeNull();
    });

    it("replaces a document atomically in one batch", async () => {
      const doc = fixtureDocument(1);
      const gone = "doc:1:s2:c1";
      const changed = doc.nodes.filter((n) => n.id !== gone);
      // Edges name written nodes only: Neo4j cannot hold a relationship to a missing node (it
      // refuses the batch), while the embedded store would keep such an edge.
      const edges = doc.edges.filter((e) => e.src !== gone && e.dst !== gone);
      await store.write({ deleteDocuments: ["doc:1"], nodes: changed, edges });
      expect(await store.getNode(gone)).toBeNull();
      expect(await store.findEdges({ dst: gone })).toEqual([]);
      expect((await store.findEdges({ doc_id: "doc:1" })).length).toBe(edges.length);
      expect((await store.findNodes({ label: "Chunk", doc_id: "doc:1" })).length).toBe(2);
      expect((await store.findNodes({ label: "Chunk", doc_id: "doc:2" })).length).toBe(3);
    });

    it("writes vectors and embedding-cache entries inside a batch", async () => {
      const model = { id: "m", dim: 2 };
      await store.write({
        chunkStatus: [{ chunk_id: "doc:1:s1:c1", status: "PROCESSED" }],
        vectors: [{ model, rows: [{ id: "doc:1:s1:c1", kind: "text", vector: new Float32Array([3, 4]) }] }],
        embeddingCache: [{ model_id: "m", entries: [{ key: "h1", vector: new Float32Array([3, 4]) }] }],
      });
      const hits = await store.searchVectors(new Float32Array([3, 4]), { kind: "text", k: 1 });
      expect(hits[0]?.id).toBe("doc:1:s1:c1");
      expect(hits[0]?.score).toBeCloseTo(1, 5);
      const cached = await store.cachedEmbeddings("m", ["h1", "h2"]);
      expect([...cached.keys()]).toEqual(["h1"]);
      expect([...(cached.get("h1") ?? [])]).toEqual([3, 4]);
      expect((await store.cachedEmbeddings("other", ["h1"])).size).toBe(0);
      // The cache outlives the document, so re-ingesting unchanged text embeds nothing.
      await store.deleteDocument("doc:1");
      expect((await store.cachedEmbeddings("m", ["h1"])).size).toBe(1);
    });

    it("deletes edges by type and endpoint, and vectors by kind and id, inside a batch", async () => {
      const sim = (src: string, dst: string) => ({
        src,
        type: "SIMILAR_TO" as const,
        dst,
        section_id: "",
        doc_id: "doc:1",
        props: { weight: 0.9 },
      });
      await store.write({ edges: [sim("doc:1:s1:c1", "doc:2:s1:c1"), sim("doc:2:s1:c1", "doc:1:s1:c1")] });
      await store.write({ deleteEdges: [{ type: "SIMILAR_TO", src: "doc:1:s1:c1" }] });
      expect((await store.findEdges({ type: "SIMILAR_TO" })).map((e) => e.src)).toEqual(["doc:2:s1:c1"]);
      const before = (await store.findEdges({})).length;
      await store.write({ deleteEdges: [{ type: "SIMILAR_TO" }] });
      expect(await store.findEdges({ type: "SIMILAR_TO" })).toEqual([]);
      expect((await store.findEdges({})).length).toBe(before - 1);

      const model = { id: "m", dim: 2 };
      const row = (id: string, kind: string) => ({ id, kind, vector: new Float32Array([1, 0]) });
      await store.upsertVectors(model, [
        row("doc:1:s1:c1", "anchor"),
        row("doc:2:s1:c1", "anchor"),
        row("doc:1:s1:c1", "text"),
      ]);
      const ids = async (kind: string) =>
        (await store.searchVectors(new Float32Array([1, 0]), { kind, k: 5 })).map((h) => h.id).sort();
      await store.write({ deleteVectors: [{ kind: "anchor", ids: ["doc:1:s1:c1"] }] });
      expect(await ids("anchor")).toEqual(["doc:2:s1:c1"]);
      await store.write({ deleteVectors: [{ kind: "anchor" }] });
      expect(await ids("anchor")).toEqual([]);
      expect(await ids("text")).toEqual(["doc:1:s1:c1"]);
    });

    it("searches vectors by exact cosine and refuses a second model", async () => {
      await store.upsertVectors({ id: "m", dim: 3 }, [
        { id: "doc:1:s1:c1", kind: "text", vector: new Float32Array([1, 0, 0]) },
        { id: "doc:1:s1:c2", kind: "text", vector: new Float32Array([0.7, 0.7, 0]) },
        { id: "doc:2:s1:c1", kind: "text", vector: new Float32Array([0, 0, 5]) },
        { id: "doc:2:s1:c1", kind: "heading", vector: new Float32Array([1, 0, 0]) },
      ]);
      const hits = await store.searchVectors(new Float32Array([2, 0.1, 0]), { kind: "text", k: 2 });
      expect(hits.map((h) => h.id)).toEqual(["doc:1:s1:c1", "doc:1:s1:c2"]);
      expect(hits[0]?.score).toBeCloseTo(0.9988, 3);
      expect(await store.vectorModel()).toEqual({ id: "m", dim: 3 });
      const back = await store.vectorsOf(["doc:1:s1:c2", "doc:2:s1:c1", "missing"], "text");
      expect([...back.keys()].sort()).toEqual(["doc:1:s1:c2", "doc:2:s1:c1"]);
      expect([...(back.get("doc:2:s1:c1") ?? [])]).toEqual([0, 0, 1]); // stored normalised
      expect([...(back.get("doc:1:s1:c2") ?? [])][0]).toBeCloseTo(Math.SQRT1_2, 5);
      await expect(
        store.upsertVectors({ id: "other", dim: 3 }, [
          { id: "doc:1:s1:c1", kind: "text", vector: new Float32Array(3) },
        ]),
      ).rejects.toThrow(/refusing to mix/);
    });
  });
}
