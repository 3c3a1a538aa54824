import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { graphStoreContract } from "../graph-store.contract.js";
import { graphStoreFilterContract } from "../graph-store-filter.contract.js";
import { SqliteGraphStore } from "./sqlite-store.js";

graphStoreContract("embedded SQLite", async () =>
  SqliteGraphStore.open(join(mkdtempSync(join(tmpdir(), "agr-store-")), "graph.db")),
);

graphStoreFilterContract("embedded SQLite", async () => SqliteGraphStore.open(":memory:"));
// The same over an approximate (HNSW) index: a filter must still search exactly.
graphStoreFilterContract("embedded SQLite, HNSW for every search", async () =>
  SqliteGraphStore.open(":memory:", { vectorIndex: { annThreshold: 1, persist: false } }),
);

describe("SqliteGraphStore specifics", () => {
  it("persists across reopen and keeps its schema version", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "agr-store-")), "graph.db");
    const a = SqliteGraphStore.open(file);
    await a.write({
      nodes: [{ label: "PdfPage", id: "p1", doc_id: "d", page_no: 1, width: 612, height: 792 }],
    });
    await a.close();
    const b = SqliteGraphStore.open(file);
    expect(await b.getNode("p1")).toMatchObject({ page_no: 1 });
    await b.close();
  });

  it("rolls back a batch that fails half-way", async () => {
    const store = SqliteGraphStore.open(":memory:");
    const good = { label: "PdfPage" as const, id: "p1", doc_id: "d", page_no: 1, width: 1, height: 1 };
    // A node without an id violates NOT NULL after `good` was written: the whole batch must vanish.
    const bad = { ...good, id: null as unknown as string };
    await expect(store.write({ nodes: [good, bad] })).rejects.toThrow();
    expect(await store.getNode("p1")).toBeNull();
    await store.close();
  });

  it("rejects property filters that are not identifiers", async () => {
    const store = SqliteGraphStore.open(":memory:");
    await expect(store.findNodes({ label: "Section", where: { "x') OR 1=1 --": 1 } })).rejects.toThrow(
      /invalid property name/,
    );
    await store.close();
  });
});
