import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXTURE_DOCS } from "../../tools/test-store.js";
import { createEmbeddingProcessor } from "../index/embeddings/embedding-processor.js";
import { createFallbackEmbedder } from "../index/embeddings/fallback-embedder.js";
import { createEntityProcessor } from "../index/extract/entity-processor.js";
import { ingestPaths } from "../ingest/pipeline.js";
import { createReferenceProcessor } from "../ingest/reference-processor.js";
import { TEST_CONFIG, tempDir } from "../ingest/test-helpers.js";
import { fixtureDocument } from "./contract-fixture.js";
import { SqliteGraphStore } from "./embedded/sqlite-store.js";
import { countDifferences, migrateStore } from "./migrate-store.js";

// The copy logic against an embedded target (fast); the Neo4j target is migrate-store.int.test.ts.
const embedder = createFallbackEmbedder();
const open = () => SqliteGraphStore.open(join(tempDir("agr-migrate-"), "graph.db"));
let source: SqliteGraphStore;

beforeAll(async () => {
  source = open();
  await ingestPaths(source, [FIXTURE_DOCS], {
    config: TEST_CONFIG,
    processors: [createReferenceProcessor(), createEntityProcessor(), createEmbeddingProcessor(embedder)],
    embedder,
  });
}, 120_000);

afterAll(async () => {
  await source?.close();
});

describe("migrateStore", { timeout: 60_000 }, () => {
  it("copies every table in small pages, identically and idempotently", async () => {
    const target = open();
    try {
      const sizes = source.exportSizes();
      expect(sizes.vectors).toBeGreaterThan(0);
      expect(sizes.embedding_cache).toBeGreaterThan(0);
      const phases = new Set<string>();
      const result = await migrateStore(source, target, { batch: 7, onProgress: (p) => phases.add(p) });
      expect(result).toEqual(sizes);
      expect([...phases].sort()).toEqual(["edges", "embedding_cache", "nodes", "vectors"]);
      expect(target.exportSizes()).toEqual(sizes);
      expect(countDifferences(await source.counts(), await target.counts())).toEqual([]);
      expect(target.exportNodes(0, 1_000_000)).toEqual(source.exportNodes(0, 1_000_000));
      expect(target.exportEdges(null, 1_000_000)).toEqual(source.exportEdges(null, 1_000_000));
      expect(await target.vectorModel()).toEqual(await source.vectorModel());
      for (const kind of source.vectorKinds())
        expect(target.exportVectors(kind, null, 1_000_000)).toEqual(
          source.exportVectors(kind, null, 1_000_000),
        );
      expect(target.exportEmbeddingCache(null, 1_000_000)).toEqual(
        source.exportEmbeddingCache(null, 1_000_000),
      );
      await migrateStore(source, target, { batch: 1000 });
      expect(target.exportSizes()).toEqual(sizes);
    } finally {
      await target.close();
    }
  });

  it("refuses a target with another document unless replacing", async () => {
    const target = open();
    try {
      await target.write(fixtureDocument(1));
      await expect(migrateStore(source, target)).rejects.toThrow(/holds 1 document\(s\) the source does not/);
      expect((await target.listDocuments()).map((d) => d.id)).toEqual(["doc:1"]);
      await migrateStore(source, target, { replace: true });
      expect(countDifferences(await source.counts(), await target.counts())).toEqual([]);
      expect(await target.getNode("doc:1")).toBeNull();
    } finally {
      await target.close();
    }
  });

  it("names the differences between two stores' counts", () => {
    const a = {
      nodes: [{ doc_id: "d", label: "Chunk" as const, count: 2 }],
      edges: [],
      chunk_status: [],
      synthetic_sections: [],
    };
    const b = { ...a, nodes: [{ doc_id: "d", label: "Chunk" as const, count: 1 }] };
    expect(countDifferences(a, b)).toEqual(["nodes d/Chunk: source 2, target 1"]);
    expect(countDifferences(a, { ...a, nodes: [...a.nodes] })).toEqual([]);
  });
});
