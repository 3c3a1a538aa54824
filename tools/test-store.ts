import { join } from "node:path";
import type { Embedder } from "../src/index/embeddings/embedder.js";
import { createEmbeddingProcessor } from "../src/index/embeddings/embedding-processor.js";
import { createEntityProcessor } from "../src/index/extract/entity-processor.js";
import { ingestPaths } from "../src/ingest/pipeline.js";
import { createReferenceProcessor } from "../src/ingest/reference-processor.js";
import { openTempStore, TEST_CONFIG } from "../src/ingest/test-helpers.js";
import type { GraphStore } from "../src/store/graph-store.js";

export const FIXTURE_DOCS = join(import.meta.dirname, "../test/fixtures/docs");

/** A real embedded store of test/fixtures/docs, indexed like `agr ingest` (vectors when given an embedder). */
export async function fixtureStore(embedder?: Embedder): Promise<GraphStore> {
  const store = openTempStore();
  await ingestPaths(store, [FIXTURE_DOCS], {
    config: TEST_CONFIG,
    processors: [
      createReferenceProcessor(),
      createEntityProcessor(),
      ...(embedder ? [createEmbeddingProcessor(embedder)] : []),
    ],
    ...(embedder ? { embedder } : {}),
  });
  return store;
}
