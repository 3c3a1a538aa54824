import type { ChunkNode } from "../../domain/chunk.js";
import type { SectionNode } from "../../domain/section.js";
import { userError } from "../../errors.js";
import type { BatchResult, ChunkProcessor } from "../../ingest/chunk-processor.js";
import type { GraphStore, VectorRow } from "../../store/graph-store.js";
import { type EmbedRequest, embedWithCache } from "./cached-embed.js";
import type { Embedder } from "./embedder.js";
import { chunkHeadingPath, chunkPassageText } from "./embedding-texts.js";
import { RecentVectors } from "./recent-vectors.js";

/**
 * Gives every chunk a "text" vector (heading path + text) and a "heading" vector (heading path
 * alone), through the embedding cache so unchanged content is never embedded twice. An
 * embedder error (e.g. an API quota) throws: the batch's chunks are marked FAILED and retried.
 */
export function createEmbeddingProcessor(embedder: Embedder): ChunkProcessor {
  const recent = new RecentVectors();
  return {
    name: "embeddings",
    vectorModel: { id: embedder.id, dim: embedder.dim },
    async process(chunks, store): Promise<BatchResult> {
      const batch = recent.nextBatch();
      const sections = await sectionsOf(chunks, store);
      const requests: EmbedRequest[] = [];
      const rows: Array<{ id: string; kind: EmbedRequest["kind"] }> = [];
      for (const chunk of chunks) {
        const section = sections.get(chunk.section_id);
        requests.push({ kind: "text", text: chunkPassageText(chunk, section) });
        rows.push({ id: chunk.id, kind: "text" });
        const heading = chunkHeadingPath(chunk, section);
        if (heading !== "") {
          requests.push({ kind: "heading", text: heading });
          rows.push({ id: chunk.id, kind: "heading" });
        }
      }
      const { vectors, fresh } = await embedWithCache(store, embedder, requests, batch);
      const byChunk = new Map<string, VectorRow[]>();
      rows.forEach((row, i) => {
        const vector = vectors[i];
        if (!vector) return;
        const list = byChunk.get(row.id) ?? [];
        list.push({ id: row.id, kind: row.kind, vector });
        byChunk.set(row.id, list);
      });
      const outputs = new Map(
        chunks.map((c) => [c.id, { nodes: [], edges: [], vectors: byChunk.get(c.id) ?? [] }]),
      );
      return { outputs, failed: new Map(), cache: fresh };
    },
  };
}

/**
 * Fails fast, before any embedding, when the store holds vectors of another model (the store
 * itself refuses the write, but only after a batch was embedded). Call before ingesting.
 */
export async function assertStoreModel(store: GraphStore, embedder: Embedder): Promise<void> {
  const current = await store.vectorModel();
  if (current && (current.id !== embedder.id || current.dim !== embedder.dim)) {
    throw userError(
      "vector_model_mismatch",
      `store holds vectors of ${current.id} (${current.dim}d); the configured embedder is ${embedder.id} (${embedder.dim}d): use another store or the same model`,
    );
  }
}

async function sectionsOf(
  chunks: readonly ChunkNode[],
  store: GraphStore,
): Promise<Map<string, SectionNode>> {
  const ids = [...new Set(chunks.map((c) => c.section_id))];
  const nodes = await store.getNodes(ids);
  return new Map(nodes.flatMap((n) => (n.label === "Section" ? [[n.id, n] as const] : [])));
}
