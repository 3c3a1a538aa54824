import { readdirSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Config } from "../../src/config.js";
import { packageRoot } from "../../src/domain/package-root.js";
import { userError } from "../../src/errors.js";
import { countingEmbedder } from "../../src/index/embeddings/counting-embedder.js";
import type { Embedder } from "../../src/index/embeddings/embedder.js";
import type { ChunkProcessor } from "../../src/ingest/chunk-processor.js";
import { type IngestEvent, ingestPaths } from "../../src/ingest/pipeline.js";
import { processPendingChunks } from "../../src/ingest/process-chunks.js";
import { createReferenceProcessor } from "../../src/ingest/reference-processor.js";
import type { IngestStages } from "../../src/ingest/stage-timer.js";
import { SqliteGraphStore } from "../../src/store/embedded/sqlite-store.js";
import type { GraphStore } from "../../src/store/graph-store.js";
import type { EvalDataset } from "../datasets/qa-records.js";
import { indexFingerprint } from "./index-fingerprint.js";
import { openNeo4jEvalStore, seedCacheFromEmbedded } from "./neo4j-eval-store.js";

/** `<repo>/.agr/eval`, ignored by git. */
export const DEFAULT_EVAL_CACHE_DIR = `${join(packageRoot(), ".agr", "eval")}/`;

/**
 * Builds the chunk processors of an eval index (embeddings, entity extraction...). Called once
 * per run; the processors' names and vector models are part of the store cache key.
 */
export type IndexProcessorsFactory = (ctx: {
  config: Config;
  embedder: Embedder | undefined;
}) => readonly ChunkProcessor[];

/**
 * Chunks per processing batch of an eval index, at least: the embedder sorts a batch's texts by
 * length, and on 2Wiki batches of 64 chunks pad about 12% of the tokens, of 512 about 2%.
 * Batches do not change what is indexed (each processor works chunk by chunk).
 */
export const EVAL_BATCH_SIZE = 512;

/** Today's default index: references only (what `agr ingest` runs). */
export const defaultIndexProcessors: IndexProcessorsFactory = () => [createReferenceProcessor()];

export interface IndexCorpusOptions {
  config: Config;
  embedder?: Embedder;
  processors?: IndexProcessorsFactory;
  cacheDir?: string;
  /** Overrides EVAL_INDEX_VERSION in the cache key. */
  indexVersion?: string;
  /** Milliseconds; injected so tests need no real time. */
  now?: () => number;
  onEvent?: (event: IngestEvent) => void;
  /** With NEO4J_URI: remove documents other than this corpus from the Neo4j database first. */
  neo4jReplace?: boolean;
}

export interface IndexedCorpus {
  store: GraphStore;
  /** The store file, or the Neo4j URI and database. */
  storePath: string;
  fingerprint: string;
  /** True when the store already held the whole corpus and nothing was (re)processed. */
  cached: boolean;
  /** Time to get a ready index: full ingest, resume, or just the cache check. */
  seconds: number;
  passages: number;
  /** Passage texts the embedder computed while indexing (0 when everything came from the cache). */
  embedded: number;
  /** Peak resident memory of this process so far. */
  peak_rss_mb: number;
  /** Seconds per ingest stage; absent when the cached store was reused or a resume finished it. */
  stages?: IngestStages;
  warnings: string[];
}

/**
 * Indexes a dataset's corpus into a store of its own, `<cacheDir>/<dataset>-<fingerprint>.db`,
 * reused while corpus content and index configuration are unchanged. An interrupted index
 * resumes (ingestion is checkpointed). The caller closes `store`.
 */
export async function indexCorpus(
  dataset: Pick<EvalDataset, "name" | "corpusFile" | "corpusHash">,
  options: IndexCorpusOptions,
): Promise<IndexedCorpus> {
  const now = options.now ?? (() => performance.now());
  const started = now();
  const counted = options.embedder ? countingEmbedder(options.embedder) : undefined;
  const processors = (options.processors ?? defaultIndexProcessors)({
    config: options.config,
    embedder: counted?.embedder,
  });
  const fingerprint = indexFingerprint({
    corpusHash: dataset.corpusHash,
    embedderId: options.embedder?.id ?? "none",
    chunkTokens: options.config.chunkTokens,
    processors: processors.map((p) => (p.vectorModel ? `${p.name}:${p.vectorModel.id}` : p.name)),
    ...(options.indexVersion ? { version: options.indexVersion } : {}),
  });
  const cacheDir = options.cacheDir ?? DEFAULT_EVAL_CACHE_DIR;
  const ingestConfig = {
    ...options.config,
    batchSize: Math.max(options.config.batchSize, EVAL_BATCH_SIZE),
  };
  const neo4j = options.config.neo4jUri
    ? await openNeo4jEvalStore({
        config: options.config,
        corpusHash: dataset.corpusHash,
        fingerprint,
        cacheDir,
        replace: options.neo4jReplace === true,
      })
    : null;
  const storePath = neo4j ? neo4j.label : join(cacheDir, `${dataset.name}-${fingerprint}.db`);
  const store = neo4j ? neo4j.store : SqliteGraphStore.open(storePath);
  try {
    const warnings: string[] = [];
    const existing = (await store.listDocuments()).find((d) => d.content_hash === dataset.corpusHash);
    if (!existing && options.embedder) {
      if (neo4j) await seedCacheFromEmbedded(store, cacheDir, dataset.name, options.embedder.id);
      else if (store instanceof SqliteGraphStore)
        seedEmbeddingCache(store, cacheDir, dataset.name, storePath, options.embedder.id);
    }
    const pending = existing
      ? await store.workChunks({ maxRetries: options.config.maxRetries, doc_id: existing.id, limit: 1 })
      : [];
    const cached = existing !== undefined && pending.length === 0;
    let stages: IngestStages | undefined;
    if (existing && !cached && existing.uri !== pathToFileURL(dataset.corpusFile).href) {
      // Same content reached through another path: finish its chunks rather than ingest a duplicate.
      await processPendingChunks(store, processors, ingestConfig);
    } else if (!cached) {
      const report = await ingestPaths(store, [dataset.corpusFile], {
        config: ingestConfig,
        processors,
        ...(options.onEvent ? { onEvent: options.onEvent } : {}),
      });
      stages = report.stages;
      const failure = report.failed[0];
      if (failure) throw userError("index_failed", `cannot index ${failure.path}: ${failure.error}`);
      if (report.chunks_failed > 0)
        warnings.push(
          `${report.chunks_failed} chunks FAILED during indexing; their passages may be missing.`,
        );
    }
    const counts = await store.counts();
    const docId =
      existing?.id ?? (await store.listDocuments()).find((d) => d.content_hash === dataset.corpusHash)?.id;
    if (neo4j && docId) neo4j.markIndexed(docId);
    const passages = counts.nodes
      .filter((n) => n.label === "Section" && n.doc_id === docId)
      .reduce((sum, n) => sum + n.count, 0);
    return {
      store,
      storePath,
      fingerprint,
      cached,
      seconds: (now() - started) / 1000,
      passages,
      embedded: counted?.counts.passages ?? 0,
      peak_rss_mb: process.resourceUsage().maxRSS / 1024,
      ...(stages ? { stages } : {}),
      warnings,
    };
  } catch (error) {
    await store.close();
    throw error;
  }
}

/**
 * A changed index configuration means a new store, but the passages are the same: copy the
 * embeddings earlier stores of this dataset computed with the same model instead of redoing them.
 */
function seedEmbeddingCache(
  store: SqliteGraphStore,
  cacheDir: string,
  datasetName: string,
  storePath: string,
  modelId: string,
): number {
  const siblings = readdirSync(cacheDir)
    .filter((f) => f.startsWith(`${datasetName}-`) && f.endsWith(".db"))
    .map((f) => join(cacheDir, f))
    .filter((f) => f !== storePath);
  return siblings.reduce((sum, file) => sum + store.importEmbeddingCache(file, modelId), 0);
}
