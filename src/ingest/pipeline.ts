import { readFile, stat } from "node:fs/promises";
import { basename } from "node:path";
import { pathToFileURL } from "node:url";
import type { Config } from "../config.js";
import { sha256 } from "../domain/ids.js";
import { describeError, userError } from "../errors.js";
import type { Embedder } from "../index/embeddings/embedder.js";
import { embedLinkAnchors } from "../index/embeddings/link-anchors.js";
import { createEntityProcessor } from "../index/extract/entity-processor.js";
import { finalizeGraph } from "../index/finalize-graph.js";
import type { SkeletonReport } from "../index/skeleton/skeleton-report.js";
import { runSkeleton, type SkeletonOptions } from "../index/skeleton/skeleton-step.js";
import type { GraphStore } from "../store/graph-store.js";
import { buildDocumentGraph } from "./build-document-graph.js";
import type { ChunkProcessor } from "./chunk-processor.js";
import { discoverFiles, fsReason } from "./discover-files.js";
import { documentId } from "./document-id.js";
import { loaderFor } from "./loader-registry.js";
import { ParsedDocumentSchema } from "./parsed-document.js";
import { processPendingChunks } from "./process-chunks.js";
import { createReferenceProcessor } from "./reference-processor.js";
import { resolveLinks } from "./resolve-links.js";
import { createStageTimer, type IngestStages, type StageTimer } from "./stage-timer.js";

/** `agr ingest --json` prints this object; its field names are a public contract. */
export interface IngestReport {
  ingested: number;
  skipped: number;
  failed: Array<{ path: string; error: string }>;
  chunks_written: number;
  chunks_processed: number;
  chunks_failed: number;
  links_resolved: number;
  /** Present (true) when the run was stopped at a checkpoint before the end. */
  aborted?: boolean;
  /** Skeleton indexing (kNN chunk graph, PageRank, full extraction of the top β); absent when not asked for. */
  skeleton?: SkeletonReport;
  /** Seconds per stage (parse, structure, write, extraction, embedding, links, knn, finalize, total). */
  stages?: IngestStages;
}

export type IngestEvent =
  | { phase: "files"; total: number }
  | { phase: "file"; path: string; done: number; total: number }
  | { phase: "chunks"; done: number }
  | { phase: "links" };

export interface IngestOptions {
  config: Pick<Config, "maxFileMb" | "chunkTokens" | "maxRetries" | "batchSize">;
  /** Default: references and entities (no vectors); the CLI passes the full index set. */
  processors?: readonly ChunkProcessor[];
  /** When set, the anchor texts of resolved links are embedded too. */
  embedder?: Embedder;
  /** Skeleton indexing after chunk processing; with `llm`, the top-β chunks get LLM extraction. */
  skeleton?: Omit<SkeletonOptions, "rebuild" | "maxRetries">;
  onEvent?: (event: IngestEvent) => void;
  /**
   * Stops the run at its next checkpoint (between files, between chunk batches) and skips the
   * whole-graph steps; a rerun resumes where it stopped. `report.aborted` says it happened.
   */
  signal?: AbortSignal;
  /**
   * Runs the whole-graph steps even when this run changed nothing: a resumed job whose first
   * run died after its last chunk but before those steps finished.
   */
  finalize?: boolean;
}

type FileOutcome = { status: "ingested"; chunks: number } | { status: "skipped" };

/**
 * Ingests files, folders and globs: each changed document is parsed and written in one
 * transaction (replacing its previous version), unchanged ones are skipped, then every
 * chunk still PENDING (or FAILED with retries left) is processed, then links are resolved.
 */
export async function ingestPaths(
  store: GraphStore,
  inputs: readonly string[],
  options: IngestOptions,
): Promise<IngestReport> {
  const timer = createStageTimer();
  const report = await ingestTimed(store, inputs, options, timer);
  return { ...report, stages: timer.report() };
}

async function ingestTimed(
  store: GraphStore,
  inputs: readonly string[],
  options: IngestOptions,
  timer: StageTimer,
): Promise<IngestReport> {
  const { files, failures, keys } = await discoverFiles(inputs);
  const report: IngestReport = {
    ingested: 0,
    skipped: 0,
    failed: [...failures],
    chunks_written: 0,
    chunks_processed: 0,
    chunks_failed: 0,
    links_resolved: 0,
  };
  options.onEvent?.({ phase: "files", total: files.length });
  for (const [i, path] of files.entries()) {
    if (options.signal?.aborted) return { ...report, aborted: true };
    try {
      const outcome = await ingestFile(
        store,
        { path, key: keys.get(path) ?? basename(path) },
        options,
        timer,
      );
      if (outcome.status === "skipped") report.skipped++;
      else {
        report.ingested++;
        report.chunks_written += outcome.chunks;
      }
    } catch (error) {
      report.failed.push({ path, error: describeError(error) });
    }
    options.onEvent?.({ phase: "file", path, done: i + 1, total: files.length });
  }
  const processors = options.processors ?? [createReferenceProcessor(), createEntityProcessor()];
  const processed = await processPendingChunks(store, processors, {
    maxRetries: options.config.maxRetries,
    batchSize: options.config.batchSize,
    onProgress: (done) => options.onEvent?.({ phase: "chunks", done }),
    timer,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  report.chunks_processed = processed.processed;
  report.chunks_failed = processed.failed.length;
  if (options.signal?.aborted) return { ...report, aborted: true };
  options.onEvent?.({ phase: "links" });
  report.links_resolved = await timer.time("links", async () => {
    const resolved = await resolveLinks(store);
    if (report.ingested > 0 || options.finalize) await store.pruneOrphans("Entity");
    return resolved;
  });
  // Whole-graph work only when something changed: an unchanged rerun does no work, except
  // LLM extraction an earlier run left unfinished (quota, crash), which the ledger resumes.
  const changed = report.ingested > 0 || report.chunks_processed > 0 || options.finalize === true;
  if (options.skeleton && (changed || options.skeleton.llm)) {
    const skeleton = options.skeleton;
    report.skeleton = await timer.time("knn", () =>
      runSkeleton(store, { ...skeleton, rebuild: changed, maxRetries: options.config.maxRetries }),
    );
  }
  if (changed || (report.skeleton?.extracted ?? 0) > 0) {
    const embedder = options.embedder;
    await timer.time("finalize", () => finalizeGraph(store, embedder ? { embedder } : {}));
    if (embedder) await timer.time("embedding", () => embedLinkAnchors(store, embedder));
  }
  return report;
}

async function ingestFile(
  store: GraphStore,
  { path, key }: { path: string; key: string },
  options: IngestOptions,
  timer: StageTimer,
): Promise<FileOutcome> {
  const info = await stat(path).catch((error: unknown) => {
    throw userError("unreadable", fsReason(error));
  });
  const limit = options.config.maxFileMb * 1024 * 1024;
  if (info.size > limit) {
    const mb = (info.size / 1024 / 1024).toFixed(1);
    throw userError(
      "too_large",
      `file too large (${mb} MB > limit ${options.config.maxFileMb} MB; set AGR_MAX_FILE_MB)`,
    );
  }
  const loader = await loaderFor(path);
  const bytes = await readFile(path).catch((error: unknown) => {
    throw userError("unreadable", fsReason(error));
  });
  if (bytes.length === 0) throw userError("empty", "empty file");
  const uri = pathToFileURL(path).href;
  const content_hash = sha256(bytes);
  const existing = await store.getDocumentByUri(uri);
  if (existing && existing.content_hash === content_hash) return { status: "skipped" };
  const parsed = await timer.time("parse", async () =>
    ParsedDocumentSchema.parse(await loader({ path, uri, bytes })),
  );
  if (parsed.blocks.every((b) => b.text.trim() === "")) throw userError("no_text", "no text content");
  const doc_id = existing?.id ?? (await documentId(store, key, uri));
  const graph = await timer.time("structure", async () =>
    buildDocumentGraph(
      parsed,
      { uri, doc_id, content_hash, last_modified: info.mtime.toISOString() },
      { chunkTokens: options.config.chunkTokens },
    ),
  );
  await timer.time("write", () =>
    store.write({ deleteDocuments: existing ? [existing.id] : [], nodes: graph.nodes, edges: graph.edges }),
  );
  return { status: "ingested", chunks: graph.chunks.length };
}
