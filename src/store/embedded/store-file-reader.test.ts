import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { fixtureDocument } from "../contract-fixture.js";
import { SqliteGraphStore } from "./sqlite-store.js";
import { StoreFileReader } from "./store-file-reader.js";

async function fixtureFile(): Promise<string> {
  const file = join(mkdtempSync(join(tmpdir(), "agr-reader-")), "graph.db");
  const store = SqliteGraphStore.open(file);
  const { nodes, edges } = fixtureDocument(1);
  await store.write({ nodes, edges });
  await store.upsertVectors({ id: "m", dim: 2 }, [
    { id: "doc:1:s1:c1", kind: "text", vector: new Float32Array([3, 4]) },
    { id: "doc:1:s1:c2", kind: "text", vector: new Float32Array([0, 1]) },
  ]);
  await store.close();
  return file;
}

describe("StoreFileReader", () => {
  it("reads a healthy store: no duplicates or drift, every key, chunk progress, raw vectors", async () => {
    const reader = StoreFileReader.open(await fixtureFile());
    try {
      expect(reader.integrity()).toEqual({ duplicate_nodes: 0, duplicate_edges: 0, fts_drift: 0 });
      const snap = reader.snapshot();
      expect(snap.nodes).toContain("Chunk:doc:1:s1:c1");
      expect(snap.nodes).toEqual([...snap.nodes].sort());
      expect(snap.edges).toContain("doc:1:s1:c1|NEXT|doc:1:s1:c2|");
      expect(reader.chunkProgress()).toEqual({ chunks: 3, processed: 0 });
      const vectors = [...reader.vectors("text")];
      expect(vectors.map((v) => v.id).sort()).toEqual(["doc:1:s1:c1", "doc:1:s1:c2"]);
      // Stored normalised: (3, 4) comes back as (0.6, 0.8).
      const first = vectors.find((v) => v.id === "doc:1:s1:c1")?.vector;
      expect(first?.[0]).toBeCloseTo(0.6, 6);
      expect([...reader.vectors("other")]).toEqual([]);
    } finally {
      reader.close();
    }
  });

  it("reports a chunk missing from the FTS index as drift", async () => {
    const file = await fixtureFile();
    const db = new Database(file);
    db.prepare("DELETE FROM text_fts WHERE rowid = (SELECT MIN(rowid) FROM text_fts)").run();
    db.close();
    const reader = StoreFileReader.open(file);
    expect(reader.integrity().fts_drift).toBe(-1);
    reader.close();
  });

  it("refuses a file that does not exist instead of creating it", () => {
    expect(() => StoreFileReader.open(join(tmpdir(), "agr-reader-missing", "none.db"))).toThrow();
  });
});
