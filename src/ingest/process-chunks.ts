import type { ChunkNode } from "../domain/chunk.js";
import { describeError } from "../errors.js";
import type { ChunkStatusUpdate, GraphStore, VectorModel, VectorRow } from "../store/graph-store.js";
import type { ChunkOutput, ChunkProcessor } from "./chunk-processor.js";
import type { StageTimer } from "./stage-timer.js";

interface MutableBatch extends Pick<ChunkOutput, "nodes" | "edges"> {
  vectors: Array<{ model: VectorModel; rows: VectorRow[] }>;
  embeddingCache: Array<{ model_id: string; entries: Array<{ key: string; vector: Float32Array }> }>;
  chunkStatus: ChunkStatusUpdate[];
}

export interface ProcessOptions {
  maxRetries: number;
  batchSize: number;
  onProgress?: (done: number) => void;
  /** Checked between batches: an aborted run stops at a checkpoint, the rest stays PENDING. */
  signal?: AbortSignal;
  /** Adds each processor's time to "embedding" (it emits vectors) or "extraction", writes to "write". */
  timer?: StageTimer;
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
    if (options.signal?.aborted) break;
    const batch = await store.workChunks({
      maxRetries: options.maxRetries,
      limit: options.batchSize,
      ...(after ? { after } : {}),
    });
    const last = batch[batch.length - 1];
    if (!last) break;
    after = { doc_id: last.doc_id, seq: last.seq };
    const write = await runBatch(batch, processors, store, options.timer);
    for (const u of write.chunkStatus) {
      if (u.status === "PROCESSED") report.processed++;
      else report.failed.push({ chunk_id: u.chunk_id, error: u.error ?? "" });
    }
    await (options.timer ? options.timer.time("write", () => store.write(write)) : store.write(write));
    options.onProgress?.(report.processed + report.failed.length);
  }
  return report;
}

async function runBatch(
  batch: readonly ChunkNode[],
  processors: readonly ChunkProcessor[],
  store: GraphStore,
  timer: StageTimer | undefined,
): Promise<MutableBatch> {
  const errors = new Map<string, string>();
  const results = [];
  for (const p of processors) {
    try {
      const run = () => p.process(batch, store);
      const result = await (timer ? timer.time(p.vectorModel ? "embedding" : "extraction", run) : run());
      for (const [id, reason] of result.failed) if (!errors.has(id)) errors.set(id, `${p.name}: ${reason}`);
      results.push({ processor: p, result });
    } catch (error) {
      for (const c of batch) if (!errors.has(c.id)) errors.set(c.id, `${p.name}: ${describeError(error)}`);
    }
  }
  const ok = batch.filter((c) => !errors.has(c.id));
  const write: MutableBatch = {
    nodes: [],
    edges: [],
    vectors: [],
    embeddingCache: [],
    chunkStatus: [
      ...ok.map((c) => ({ chunk_id: c.id, status: "PROCESSED" as const })),
      ...[...errors].map(([chunk_id, error]) => ({
        chunk_id,
        status: "FAILED" as const,
        error,
        incrementRetry: true,
      })),
    ],
  };
  for (const { processor, result } of results) {
    const model = processor.vectorModel;
    for (const c of ok) {
      const out = result.outputs.get(c.id);
      if (!out) continue;
      write.nodes.push(...out.nodes);
      write.edges.push(...out.edges);
      if (model && out.vectors.length > 0) write.vectors.push({ model, rows: out.vectors });
    }
    if (model && result.cache?.length)
      write.embeddingCache.push({ model_id: model.id, entries: result.cache });
  }
  return write;
}
