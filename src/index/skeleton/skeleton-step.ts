import type { ChunkNode } from "../../domain/chunk.js";
import type { GraphEdge } from "../../domain/graph-edge.js";
import type { GraphNode } from "../../domain/graph-node.js";
import { describeError } from "../../errors.js";
import { extractionToGraph } from "../../llm/extraction-graph.js";
import type { LlmExtractor } from "../../llm/llm-extractor.js";
import { addUsage, type TokenUsage, tokensSaved, totalTokens, ZERO_USAGE } from "../../llm/token-usage.js";
import type { ChunkStatusUpdate, GraphStore } from "../../store/graph-store.js";
import { chunkPageRank, selectSkeleton } from "./chunk-rank.js";
import { createExtractionLedger, type ExtractionLedger, type LedgerEntry } from "./extraction-ledger.js";
import { buildKnnGraph } from "./knn-graph.js";
import { emptySkeletonReport, type SkeletonReport } from "./skeleton-report.js";

export interface SkeletonOptions {
  beta: number;
  k: number;
  /** Recompute the kNN graph (something changed); otherwise the stored SIMILAR_TO edges rank. */
  rebuild: boolean;
  maxRetries: number;
  /** Full extraction of the skeleton chunks; absent = keyword links only. */
  llm?: { id: string; extract: LlmExtractor; batchSize: number };
  onProgress?: (done: number, total: number) => void;
}

/**
 * Skeleton indexing (KET-RAG): kNN chunk graph → PageRank → the top-β chunks get full LLM
 * extraction, the rest keep the cheap keyword/entity links every chunk already has. Extraction
 * is checkpointed per batch with a ledger entry per chunk. Malformed output fails that chunk
 * (retried on later runs); an LLM error stops the step with the batch in flight marked FAILED
 * (retry count untouched: not the chunk's fault) and everything before it kept.
 */
export async function runSkeleton(store: GraphStore, options: SkeletonOptions): Promise<SkeletonReport> {
  const report = emptySkeletonReport(options.beta, options.k, options.llm?.id ?? null);
  const chunks = (await store.findNodes({ label: "Chunk" })).sort(
    (a, b) => a.doc_id.localeCompare(b.doc_id) || a.seq - b.seq,
  );
  // A store indexed before skeleton indexing existed has no graph yet: build it once.
  const rebuild = options.rebuild || (await store.findEdges({ type: "SIMILAR_TO", limit: 1 })).length === 0;
  const similar = rebuild
    ? await buildKnnGraph(store, chunks, options.k)
    : await store.findEdges({ type: "SIMILAR_TO" });
  const ids = chunks.map((c) => c.id);
  const skeleton = selectSkeleton(ids, chunkPageRank(ids, similar), options.beta);
  Object.assign(report, {
    chunks: chunks.length,
    similar_to: similar.length,
    skeleton_chunks: skeleton.length,
  });
  const llm = options.llm;
  if (!llm || skeleton.length === 0) return report;

  const byId = new Map(chunks.map((c) => [c.id, c]));
  const ledger = createExtractionLedger(store, llm.id);
  const selected = skeleton.flatMap((id) => byId.get(id) ?? []);
  const done = await ledger.read(selected);
  const isDone = (c: ChunkNode) => done.has(c.id);
  const todo = selected.filter(
    (c) =>
      !isDone(c) && c.status !== "PENDING" && !(c.status === "FAILED" && c.retry_count >= options.maxRetries),
  );
  report.already_extracted = selected.filter(isDone).length;

  let used: TokenUsage = { ...ZERO_USAGE };
  let calls = 0;
  const started = Date.now();
  for (let i = 0; i < todo.length && !report.error; i += llm.batchSize) {
    const batch = todo.slice(i, i + llm.batchSize);
    const write = { nodes: [] as GraphNode[], edges: [] as GraphEdge[], status: [] as ChunkStatusUpdate[] };
    const finished: Array<[string, LedgerEntry]> = [];
    for (const chunk of batch) {
      let result: Awaited<ReturnType<LlmExtractor>>;
      try {
        result = await llm.extract(chunk);
      } catch (error) {
        report.error = describeError(error);
        break;
      }
      calls++;
      used = addUsage(used, result.usage);
      if (!result.ok) {
        report.failed++;
        write.status.push({
          chunk_id: chunk.id,
          status: "FAILED",
          error: `llm: ${result.reason}`,
          incrementRetry: true,
        });
        continue;
      }
      const graph = extractionToGraph(chunk, result.extraction);
      write.nodes.push(...graph.entities, ...graph.relations);
      write.edges.push(...graph.edges);
      if (chunk.status !== "PROCESSED") write.status.push({ chunk_id: chunk.id, status: "PROCESSED" });
      const entry = {
        usage: result.usage,
        relations: graph.relations.length,
        entities: graph.entities.length,
      };
      write.nodes.push(ledger.record(chunk, entry));
      finished.push([chunk.id, entry]);
    }
    if (report.error) {
      // The batch fails whole: nothing of it is written but the FAILED marks, so a rerun redoes it.
      await store.write({
        chunkStatus: batch.map((c) => ({
          chunk_id: c.id,
          status: "FAILED" as const,
          error: `llm: ${report.error}`,
        })),
      });
      break;
    }
    await store.write({
      nodes: await withoutKnownEntities(store, write.nodes),
      edges: write.edges,
      chunkStatus: write.status,
    });
    for (const [key, entry] of finished) {
      done.set(key, entry);
      report.extracted++;
      report.relations += entry.relations;
      report.entities += entry.entities;
    }
    options.onProgress?.(Math.min(i + llm.batchSize, todo.length), todo.length);
  }
  return finish(report, used, calls, Date.now() - started, selected, done, chunks.length);
}

function finish(
  report: SkeletonReport,
  used: TokenUsage,
  calls: number,
  ms: number,
  selected: readonly ChunkNode[],
  done: Map<string, { usage: TokenUsage }>,
  total: number,
): SkeletonReport {
  const measured = selected.flatMap((c) => done.get(c.id) ?? []);
  const all = measured.reduce((acc, e) => addUsage(acc, e.usage), ZERO_USAGE);
  report.tokens_used = { ...used, total: totalTokens(used) };
  report.tokens_per_chunk = measured.length ? Math.round(totalTokens(all) / measured.length) : 0;
  report.tokens_saved = tokensSaved(all, measured.length, total - selected.length);
  report.ms_per_chunk = calls ? Math.round(ms / calls) : 0;
  return report;
}

/** Entities already in the store keep their node (rule-based type, salience); only new ones are written. */
async function withoutKnownEntities(store: GraphStore, nodes: GraphNode[]): Promise<GraphNode[]> {
  const entityIds = [...new Set(nodes.filter((n) => n.label === "Entity").map((n) => n.id))];
  const known = new Set((await store.getNodes(entityIds)).map((n) => n.id));
  const seen = new Set<string>();
  return nodes.filter((n) => {
    if (n.label !== "Entity") return true;
    if (known.has(n.id) || seen.has(n.id)) return false;
    seen.add(n.id);
    return true;
  });
}

export type { ExtractionLedger };
