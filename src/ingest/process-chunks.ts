import type { ChunkNode } from "../domain/chunk.js";
import { describeError } from "../errors.js";
import type { ChunkStatusUpdate, GraphStore, VectorModel, VectorRow } from "../store/graph-store.js";
import type { BatchResult, ChunkOutput, ChunkProcessor } from "./chunk-processor.js";
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
 * tried once per run. Batch N+1 is processed while batch N is written, and within a batch the
 * vector processors (model calls, in worker threads) run beside the others (this thread), so
 * the embedding workers are not idle while this thread extracts and writes (README, "Indexing
 * speed"). A crash loses at most the batches in flight; PROCESSED chunks are never redone.
 */
export async function processPendingChunks(
  store: GraphStore,
  processors: readonly ChunkProcessor[],
  options: ProcessOptions,
): Promise<ProcessReport> {
  const report: ProcessReport = { processed: 0, failed: [] };
  let after: { doc_id: string; seq: number } | undefined;
  let unwritten: Promise<MutableBatch> | undefined;
  let next: Promise<MutableBatch> | undefined;
  try {
    for (;;) {
      const batch = options.signal?.aborted
        ? []
        : await store.workChunks({
            maxRetries: options.maxRetries,
            limit: options.batchSize,
            ...(after ? { after } : {}),
          });
      // A stop asked during the fetch starts nothing new: only the batch in flight is finished.
      const last = options.signal?.aborted ? undefined : batch[batch.length - 1];
      // Started before the previous batch is written (the cursor, not its status, skips that batch).
      next = last ? runBatch(batch, processors, store, options.timer) : undefined;
      if (unwritten) await writeBatch(store, await unwritten, report, options);
      unwritten = undefined;
      if (!last || !next) break;
      after = { doc_id: last.doc_id, seq: last.seq };
      unwritten = next;
      next = undefined;
    }
  } catch (error) {
    // Nothing keeps working after the error reaches the caller (who may close the store next).
    await Promise.allSettled([unwritten, next]);
    throw error;
  }
  return report;
}

async function writeBatch(
  store: GraphStore,
  write: MutableBatch,
  report: ProcessReport,
  options: ProcessOptions,
): Promise<void> {
  for (const u of write.chunkStatus) {
    if (u.status === "PROCESSED") report.processed++;
    else report.failed.push({ chunk_id: u.chunk_id, error: u.error ?? "" });
  }
  await (options.timer ? options.timer.time("write", () => store.write(write)) : store.write(write));
  options.onProgress?.(report.processed + report.failed.length);
}

async function runBatch(
  batch: readonly ChunkNode[],
  processors: readonly ChunkProcessor[],
  store: GraphStore,
  timer: StageTimer | undefined,
): Promise<MutableBatch> {
  type Outcome = { result: BatchResult } | { error: string };
  const run = async (p: ChunkProcessor): Promise<Outcome> => {
    const work = () => p.process(batch, store);
    const stage = p.vectorModel ? "embedding" : "extraction";
    try {
      return { result: await (timer ? timer.time(stage, work) : work()) };
    } catch (error) {
      return { error: describeError(error) };
    }
  };
  // Vector processors are started first, so their model calls go out before the others take this
  // thread; outcomes stay in the processors' own order, so a chunk's first error and the output
  // order do not depend on timing.
  const vectorRuns = new Map(processors.filter((p) => p.vectorModel).map((p) => [p, run(p)] as const));
  const outcomes = await Promise.all(
    processors.map(async (p) => ({ p, outcome: await (vectorRuns.get(p) ?? run(p)) })),
  );
  const errors = new Map<string, string>();
  const results = [];
  for (const { p, outcome } of outcomes) {
    if ("error" in outcome) {
      for (const c of batch) if (!errors.has(c.id)) errors.set(c.id, `${p.name}: ${outcome.error}`);
      continue;
    }
    const { result } = outcome;
    for (const [id, reason] of result.failed) if (!errors.has(id)) errors.set(id, `${p.name}: ${reason}`);
    results.push({ processor: p, result });
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
