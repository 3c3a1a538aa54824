import type { ChunkNode } from "../domain/chunk.js";
import type { GraphEdge } from "../domain/graph-edge.js";
import type { GraphNode } from "../domain/graph-node.js";
import type { GraphStore } from "../store/graph-store.js";

export interface ChunkOutput {
  nodes: GraphNode[];
  edges: GraphEdge[];
}

/**
 * One step of per-chunk work (reference detection now; embeddings and extraction later).
 * Output is written in the same transaction that marks the chunk PROCESSED; a thrown error
 * marks it FAILED and writes nothing of it.
 */
export interface ChunkProcessor {
  readonly name: string;
  process(chunk: ChunkNode, store: GraphStore): Promise<ChunkOutput>;
}
