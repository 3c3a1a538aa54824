import type { ChunkNode } from "../domain/chunk.js";
import type { GraphEdge } from "../domain/graph-edge.js";
import type { GraphNode } from "../domain/graph-node.js";
import { describeError } from "../errors.js";
import type { GraphStore, VectorModel, VectorRow } from "../store/graph-store.js";

/** What processing one chunk produced; written in the transaction that marks it PROCESSED. */
export interface ChunkOutput {
  nodes: GraphNode[];
  edges: GraphEdge[];
  vectors: VectorRow[];
}

export interface BatchResult {
  outputs: Map<string, ChunkOutput>;
  /** chunk_id → one-line reason; such a chunk is marked FAILED and none of its output is kept. */
  failed: Map<string, string>;
  /** Embedding-cache entries to store (content key → vector) for the processor's model. */
  cache?: Array<{ key: string; vector: Float32Array }>;
}

/**
 * One step of per-chunk work (references, embeddings, extraction), run on batches so that
 * model calls can be batched. Throwing fails the whole batch (e.g. an API quota error);
 * nothing of a failed chunk is written, and a later run retries it.
 */
export interface ChunkProcessor {
  readonly name: string;
  /** Model of the vectors this processor emits, if any. */
  readonly vectorModel?: VectorModel;
  process(chunks: readonly ChunkNode[], store: GraphStore): Promise<BatchResult>;
}

/** Batches processPendingChunks has in flight at once: one written while the next is processed. */
export const BATCHES_IN_FLIGHT = 2;

export const emptyOutput = (): ChunkOutput => ({ nodes: [], edges: [], vectors: [] });

/** Adapts a one-chunk-at-a-time function into a processor; a throw fails only that chunk. */
export function perChunkProcessor(
  name: string,
  fn: (chunk: ChunkNode, store: GraphStore) => Promise<ChunkOutput>,
): ChunkProcessor {
  return {
    name,
    async process(chunks, store) {
      const result: BatchResult = { outputs: new Map(), failed: new Map() };
      for (const chunk of chunks) {
        try {
          result.outputs.set(chunk.id, await fn(chunk, store));
        } catch (error) {
          result.failed.set(chunk.id, describeError(error));
        }
      }
      return result;
    },
  };
}
