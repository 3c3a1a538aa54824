import { copyFileSync, existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import type { GraphNode } from "../../domain/graph-node.js";
import { graphStoreContract } from "../graph-store.contract.js";
import type { ScoredId } from "../graph-store.js";
import { annFilePath } from "./ann-file.js";
import { DEFAULT_ANN_PARAMS } from "./ann-index.js";
import { SqliteGraphStore } from "./sqlite-store.js";
import { clusteredVectors } from "./synthetic-vectors.js";
import { VectorIndexes } from "./vector-indexes.js";
import { VectorTable } from "./vector-table.js";

// The whole contract again with every unfiltered vector search going through the HNSW index.
graphStoreContract("embedded SQLite, approximate vector index", async () =>
  SqliteGraphStore.open(join(mkdtempSync(join(tmpdir(), "agr-ann-")), "graph.db"), {
    vectorIndex: { annThreshold: 0 },
  }),
);

const DIM = 64;
const model = { id: "synthetic", dim: DIM };
const page = (i: number, doc: string): GraphNode => ({
  label: "PdfPage",
  id: `${doc}:p${i}`,
  doc_id: doc,
  page_no: i,
  width: 1,
  height: 1,
});

const opened: Array<{ close(): unknown }> = [];
afterEach(async () => {
  for (const h of opened.splice(0)) await h.close();
});

/** A file store with `count` vectors of kind "text" spread over 10 documents. */
async function fixture(count: number, seed = 7) {
  const file = join(mkdtempSync(join(tmpdir(), "agr-vec-")), "graph.db");
  const store = SqliteGraphStore.open(file);
  opened.push(store);
  const vectors = clusteredVectors(count, DIM, seed);
  const nodes = vectors.map((_, i) => page(i, `doc${i % 10}`));
  const rows = vectors.map((vector, i) => ({ id: nodes[i]?.id ?? "", kind: "text", vector }));
  await store.write({ nodes, vectors: [{ model, rows }] });
  return { file, store, vectors };
}

/** Same ids in the same order, scores within the f16 copy's error. */
function expectSame(got: ScoredId[], want: ScoredId[]) {
  expect(got.map((h) => h.id)).toEqual(want.map((h) => h.id));
  for (const [i, h] of got.entries()) expect(Math.abs(h.score - (want[i]?.score ?? 0))).toBeLessThan(2e-3);
}

function table(file: string, annThreshold = 0) {
  const db = new Database(file);
  opened.push(db);
  return new VectorTable(db, { annThreshold });
}

describe("VectorTable: exact and approximate search", () => {
  it("finds ≥ 95% of the exact top 10 through HNSW on clustered vectors", async () => {
    const { file } = await fixture(4000);
    const vt = table(file);
    const queries = clusteredVectors(50, DIM, 99, 80);
    let found = 0;
    for (const q of queries) {
      const exact = vt.search(q, { kind: "text", k: 10 }, "exact");
      const ann = vt.search(q, { kind: "text", k: 10 }, "ann");
      const truth = new Set(exact.map((h) => h.id));
      found += ann.filter((h) => truth.has(h.id)).length;
      // Same shape and exact scores: every approximate hit is re-scored in f32.
      for (const h of ann) expect(h.score).toBeCloseTo(exact.find((e) => e.id === h.id)?.score ?? h.score, 6);
    }
    expect(found / (queries.length * 10)).toBeGreaterThanOrEqual(0.95);
  });

  it("keeps doc_ids filters exact on both paths (narrow and broad filters)", async () => {
    const { file, vectors } = await fixture(600);
    const vt = table(file);
    const q = vectors[3] ?? new Float32Array(DIM);
    for (const docs of [["doc3"], ["doc0", "doc1", "doc2", "doc3", "doc4", "doc5", "doc6", "doc7"]]) {
      const brute = vectors
        .map((v, i) => ({
          id: `doc${i % 10}:p${i}`,
          doc: `doc${i % 10}`,
          score: v.reduce((s, x, j) => s + x * (q[j] ?? 0), 0),
        }))
        .filter((h) => docs.includes(h.doc))
        .sort((a, b) => b.score - a.score)
        .slice(0, 5)
        .map((h) => h.id);
      for (const strategy of ["exact", "ann"] as const) {
        const hits = vt.search(q, { kind: "text", k: 5, doc_ids: docs }, strategy);
        expect(hits.map((h) => h.id)).toEqual(brute);
      }
    }
  });

  it("sees upserts and deletions made through the store on its next search", async () => {
    const { file, store, vectors } = await fixture(300);
    const vt = table(file);
    const q = vectors[0] ?? new Float32Array(DIM);
    expect(vt.search(q, { kind: "text", k: 1 }, "ann")[0]?.id).toBe("doc0:p0");
    await store.write({ nodes: [page(1000, "docX")] });
    await store.upsertVectors(model, [{ id: "docX:p1000", kind: "text", vector: q }]);
    for (const strategy of ["exact", "ann"] as const) {
      const ids = vt.search(q, { kind: "text", k: 2 }, strategy).map((h) => h.id);
      expect(ids.sort()).toEqual(["doc0:p0", "docX:p1000"]);
    }
    // A changed vector of an indexed node replaces its old one (same key, new vector).
    await store.upsertVectors(model, [{ id: "doc1:p1", kind: "text", vector: q }]);
    expect(
      vt
        .search(q, { kind: "text", k: 3 }, "ann")
        .map((h) => h.id)
        .sort(),
    ).toEqual(["doc0:p0", "doc1:p1", "docX:p1000"]);
    await store.deleteDocument("doc0");
    await store.write({ deleteNodes: ["docX:p1000"] });
    for (const strategy of ["exact", "ann"] as const) {
      const ids = vt.search(q, { kind: "text", k: 50 }, strategy).map((h) => h.id);
      expect(ids.some((id) => id.startsWith("doc0:") || id.startsWith("docX:"))).toBe(false);
    }
  });

  it("saves the index beside the store, reuses it on reopen and patches it when stale", async () => {
    const { file, store, vectors } = await fixture(500);
    const q = vectors[42] ?? new Float32Array(DIM);
    const first = table(file).search(q, { kind: "text", k: 5 }, "ann");
    const saved = annFilePath(file, "text");
    expect(existsSync(saved)).toBe(true);
    const written = statSync(saved).mtimeMs;
    // A fresh connection loads the saved index: same answer (by the index's f16 scores), file untouched.
    expectSame(table(file).search(q, { kind: "text", k: 5 }, "ann"), first);
    expect(statSync(saved).mtimeMs).toBe(written);
    // A change made while no index was open: the saved one is diffed, patched and saved again.
    await store.deleteDocument("doc2");
    const vt = table(file);
    const after = vt.search(q, { kind: "text", k: 5 }, "ann");
    expect(after.some((h) => h.id.startsWith("doc2:"))).toBe(false);
    expect(after).toEqual(vt.search(q, { kind: "text", k: 5 }, "exact"));
    expect(statSync(saved).mtimeMs).toBeGreaterThanOrEqual(written);
  });

  it("trusts a saved index by its stamp alone, and never one saved beside another store", async () => {
    const { file, vectors } = await fixture(400);
    const q = vectors[7] ?? new Float32Array(DIM);
    const first = table(file).search(q, { kind: "text", k: 5 }, "ann");
    const db = new Database(file);
    opened.push(db);
    const stamp = `${String(db.prepare("SELECT value FROM meta WHERE key = 'vectors_uid'").pluck().get())}:1`;
    const fresh = () => new VectorIndexes(db, DEFAULT_ANN_PARAMS, file);
    // Current by its stamp: loaded without the vectors table; another stamp is not trusted.
    expect(fresh().current("text", DIM, 1, stamp)?.size).toBe(400);
    expect(fresh().current("text", DIM, 1, "other:1")).toBeNull();
    expect(fresh().current("text", DIM, 2, stamp.replace(/1$/, "2"))).toBeNull();
    expectSame(table(file).search(q, { kind: "text", k: 5 }, "ann"), first);
    // Another store of the same size and generation copied over this one's file: its own uid
    // keeps the old index out, so the answers are its vectors', not the old graph's.
    const other = await fixture(400, 99);
    await other.store.close();
    db.close();
    for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true });
    copyFileSync(other.file, file);
    const replaced = table(file);
    const q2 = other.vectors[3] ?? new Float32Array(DIM);
    expectSame(
      replaced.search(q2, { kind: "text", k: 5 }, "ann"),
      replaced.search(q2, { kind: "text", k: 5 }, "exact"),
    );
  });

  it("picks the path by the threshold unless told otherwise", async () => {
    const { file } = await fixture(100);
    expect(table(file, 101).prepare("text")).toBe("exact");
    expect(table(file, 100).prepare("text")).toBe("ann");
    expect(table(file, 100).prepare("heading")).toBe("none");
    expect(table(file, 1e9).prepare("text", "ann")).toBe("ann");
  });
});

describe("embedding cache import", () => {
  it("copies one model's entries from another store file and keeps its own", async () => {
    const dir = mkdtempSync(join(tmpdir(), "agr-cache-"));
    const donor = SqliteGraphStore.open(join(dir, "donor.db"));
    opened.push(donor);
    await donor.write({
      embeddingCache: [
        {
          model_id: "m",
          entries: [
            { key: "a", vector: new Float32Array([1, 2]) },
            { key: "b", vector: new Float32Array([3, 4]) },
          ],
        },
        { model_id: "other", entries: [{ key: "a", vector: new Float32Array([9, 9]) }] },
      ],
    });
    const fresh = SqliteGraphStore.open(join(dir, "fresh.db"));
    opened.push(fresh);
    await fresh.write({
      embeddingCache: [{ model_id: "m", entries: [{ key: "a", vector: new Float32Array([5, 5]) }] }],
    });
    expect(fresh.importEmbeddingCache(join(dir, "donor.db"), "m")).toBe(1);
    const got = await fresh.cachedEmbeddings("m", ["a", "b"]);
    expect([...(got.get("a") ?? [])]).toEqual([5, 5]);
    expect([...(got.get("b") ?? [])]).toEqual([3, 4]);
    expect((await fresh.cachedEmbeddings("other", ["a"])).size).toBe(0);
    expect(() => fresh.importEmbeddingCache(join(dir, "missing", "x.db"), "m")).toThrow(
      /cannot read embedding cache/,
    );
  });
});
