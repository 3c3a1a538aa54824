import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DocumentNode } from "../domain/document.js";
import { chunkPasses, normalizeFilter, type RetrievalFilter } from "../domain/retrieval-filter.js";
import { createEmbeddingProcessor } from "../index/embeddings/embedding-processor.js";
import { createFallbackEmbedder } from "../index/embeddings/fallback-embedder.js";
import { createEntityProcessor } from "../index/extract/entity-processor.js";
import { ingestPaths } from "../ingest/pipeline.js";
import { createReferenceProcessor } from "../ingest/reference-processor.js";
import { openTempStore, TEST_CONFIG } from "../ingest/test-helpers.js";
import type { GraphStore } from "../store/graph-store.js";
import type { RetrievalMode } from "./retrieval-mode.js";
import { retrieve } from "./retrieve.js";
import { retrieveBundle } from "./retrieve-bundle.js";

const SAMPLES = join(import.meta.dirname, "../../samples");
const embedder = createFallbackEmbedder();
const MODES: RetrievalMode[] = ["bm25", "dense", "hybrid", "ppr", "graph"];
const K = 6;

/** Questions whose unfiltered answers come from other documents than the filter allows. */
const CASES: ReadonlyArray<{ question: string; filter: RetrievalFilter }> = [
  { question: "How do I create an object with a ConstructorRef?", filter: { kind: "html" } },
  {
    question: "How to install GFM-RAG with conda?",
    filter: { uri: "*federal-register*.pdf", pages: { from: 2, to: 4 } },
  },
  {
    question: "How do I create an object with a ConstructorRef?",
    filter: { section: ["Customizing Object Features", "using an object as an entry function argument"] },
  },
];

describe("retrieval respects a filter in every mode", { timeout: 120_000 }, () => {
  let store: GraphStore;
  let docs: Map<string, DocumentNode>;
  beforeAll(async () => {
    store = openTempStore();
    await ingestPaths(store, [join(SAMPLES, "markdown"), join(SAMPLES, "html"), join(SAMPLES, "pdf")], {
      config: TEST_CONFIG,
      processors: [createReferenceProcessor(), createEntityProcessor(), createEmbeddingProcessor(embedder)],
      embedder,
    });
    docs = new Map((await store.listDocuments()).map((d) => [d.id, d]));
  }, 120_000);
  afterAll(() => store.close());

  async function passes(filter: RetrievalFilter, ids: readonly string[]): Promise<boolean[]> {
    const f = normalizeFilter(filter);
    return (await store.getNodes(ids)).map((n) => {
      const doc = docs.get(n.doc_id);
      return n.label === "Chunk" && doc !== undefined && chunkPasses(f, n, doc);
    });
  }

  for (const { question, filter } of CASES) {
    it.each(MODES)(`%s: ${JSON.stringify(filter)} gives k allowed chunks`, async (mode) => {
      const ctx = { store, embedder };
      const plain = await retrieve(ctx, question, { mode, k: K, expand: true });
      // Without the filter the answer lies elsewhere: a filter applied after the cut would come up short.
      expect(
        (
          await passes(
            filter,
            plain.map((r) => r.chunk_id),
          )
        ).every(Boolean),
      ).toBe(false);
      const ranked = await retrieve(ctx, question, { mode, k: K, expand: true, filter });
      expect(ranked).toHaveLength(K);
      expect(
        await passes(
          filter,
          ranked.map((r) => r.chunk_id),
        ),
      ).toEqual(ranked.map(() => true));
    });
  }

  it("a filtered bundle cites only allowed chunks", async () => {
    const { question, filter } = CASES[1] ?? { question: "", filter: {} };
    const bundle = await retrieveBundle({ store, embedder }, question, {
      mode: "graph",
      k: 20,
      budget: 4000,
      expand: true,
      filter,
    });
    expect(bundle.evidence.length).toBeGreaterThanOrEqual(K);
    expect(
      await passes(
        filter,
        bundle.evidence.map((e) => e.chunk_id),
      ),
    ).toEqual(bundle.evidence.map(() => true));
    for (const e of bundle.evidence) {
      expect(e.citation.kind).toBe("pdf");
      if (e.citation.kind === "pdf") expect(e.citation.page).toBeGreaterThanOrEqual(1);
    }
  });
});
