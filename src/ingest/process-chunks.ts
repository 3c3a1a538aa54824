import type { ChunkNode } from "../domain/chunk.js";
import { describeError } from "../errors.js";
import type { ChunkStatusUpdate, GraphStore } from "../store/graph-store.js";
import type { ChunkOutput, ChunkProcessor } from "./chunk-processor.js";

export interface ProcessOptions {
  maxRetries: number;
  batchSize: number;
  onProgress?: (done: number) => void;
}

export interface ProcessReport {
  processed: number;
  failed: Array<{ chunk_id: string; error: string }>;
}

/**
 * Runs every processor over the chunks still to do, one transaction per batch, each chunk
 * tried once per run. A crash loses at most the batch in flight; PROCESSED chunks are never redone.
 */
export async function processPendingChunks(
  store: GraphStore,
  processors: readonly ChunkProcessor[],
  options: ProcessOptions,
): Promise<ProcessReport> {
  const report: ProcessReport = { processed: 0, failed: [] };
  let after: { doc_id: string; seq: number } | undefined;
  for (;;) {
    const batch = await store.workChunks({
      maxRetries: options.maxRetries,
      limit: options.batchSize,
      ...(after ? { after } : {}),
    });
    const last = batch[batch.length - 1];
    if (!last) break;
    after = { doc_id: last.doc_id, seq: last.seq };
    const write: ChunkOutput & { chunkStatus: ChunkStatusUpdate[] } = {
      nodes: [],
      edges: [],
      chunkStatus: [],
    };
    for (const chunk of batch) {
      try {
        const out = await runAll(chunk, processors, store);
        write.nodes.push(...out.nodes);
        write.edges.push(...out.edges);
        write.chunkStatus.push({ chunk_id: chunk.id, status: "PROCESSED" });
        report.processed++;
      } catch (error) {
        const message = describeError(error);
        write.chunkStatus.push({
          chunk_id: chunk.id,
          status: "FAILED",
          error: message,
          incrementRetry: true,
        });
        report.failed.push({ chunk_id: chunk.id, error: message });
      }
    }
    await store.write(write);
    options.onProgress?.(report.processed + report.failed.length);
  }
  return report;
}

async function runAll(
  chunk: ChunkNode,
  processors: readonly ChunkProcessor[],
  store: GraphStore,
): Promise<ChunkOutput> {
  const out: ChunkOutput = { nodes: [], edges: [] };
  for (const p of processors) {
    const r = await p.process(chunk, store);
    out.nodes.push(...r.nodes);
    out.edges.push(...r.edges);
  }
  return out;
}
