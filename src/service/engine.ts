import { dirname, resolve } from "node:path";
import {
  type AgentDeps,
  type CreateEmbedder,
  configuredDeps,
  withDefaults,
} from "../../agents/agent-deps.js";
import { createFollowUpResolver, type FollowUpResolver } from "../../agents/llm/llm-follow-up.js";
import { type AgentRunner, createAgentRunner } from "../../agents/stream-agent.js";
import type { Config } from "../config.js";
import type { Embedder } from "../index/embeddings/embedder.js";
import { assertStoreModel } from "../index/embeddings/embedding-processor.js";
import { indexProcessorsFor } from "../index/index-processors.js";
import type { ContextBundle } from "../retrieval/context-bundle.js";
import { forgetPhraseGraph } from "../retrieval/load-phrase-graph.js";
import { type BundleRequest, retrieveBundle } from "../retrieval/retrieve-bundle.js";
import type { GraphStore } from "../store/graph-store.js";
import { openGraphStore } from "../store/open-graph-store.js";
import { AnswerSlots } from "./answer-slots.js";
import { FeedbackLog } from "./feedback-log.js";
import { IngestJobs } from "./ingest-jobs.js";
import { JobStore } from "./job-store.js";
import { RetrievalCaches } from "./retrieval-caches.js";

/**
 * The services behind `agr serve`: one store handle, one embedder (shared by queries and
 * ingestion), the compiled agent and the ingest job queue. HTTP routes reach the graph only
 * through `store` (the GraphStore port) and these services.
 */
export interface Engine {
  readonly config: Config;
  readonly store: GraphStore;
  readonly embedder: Embedder | undefined;
  /** The compiled agent; each ask or stream holds one of `answering`'s slots. */
  readonly agent: AgentRunner;
  /** Makes a conversation's last question stand alone: the LLM rewriter with AGR_LLM=openai, else the rules. */
  readonly followUp: FollowUpResolver;
  /** Bounds concurrent answering (agent runs and retrievals). */
  readonly answering: AnswerSlots;
  readonly jobs: IngestJobs;
  /** Uploads and job files live here. */
  readonly dataDir: string;
  /** Retrieval results by (query, mode, options, store version); the agent's tools use them too. */
  readonly caches: RetrievalCaches;
  /**
   * A cited ContextBundle, as HTTP, MCP and the library serve it: cached per store version, and
   * a miss waits for an answering slot (a hit is a map lookup).
   */
  retrieve(question: string, request: BundleRequest, signal?: AbortSignal): Promise<ContextBundle>;
  /** Moves on every change the engine makes to the store (ingest job ended, document deleted). */
  storeVersion(): number;
  /** Answered queries and users' feedback, `<dataDir>/feedback/feedback.jsonl`. */
  readonly feedback: FeedbackLog;
  readonly warnings: readonly string[];
  /** Removes one document (waits for a running ingest job); false when it was absent. */
  deleteDocument(docId: string): Promise<boolean>;
  /** Stops ingestion at a checkpoint (waiting up to `graceMs`), then closes the store and model. */
  close(graceMs: number): Promise<void>;
}

export interface OpenEngineOptions {
  createEmbedder?: CreateEmbedder;
  log?: (line: string) => void;
}

/** Opens store and model, warms the model (readiness means a query will not wait for it) and resumes interrupted jobs. */
export async function openEngine(config: Config, options: OpenEngineOptions = {}): Promise<Engine> {
  const store = await openGraphStore(config);
  const warnings: string[] = [];
  let embedder: Embedder | undefined;
  try {
    const made = config.embedder === "none" ? undefined : await options.createEmbedder?.(config);
    if (made?.warning) warnings.push(made.warning);
    embedder = made?.embedder;
    if (embedder) {
      // Vectors of another model would rank silently wrong: refuse to start instead.
      await assertStoreModel(store, embedder);
      await embedder.embedQueries(["warm up"]);
    }
  } catch (error) {
    await embedder?.close?.();
    await store.close();
    throw error;
  }
  let version = 0;
  // While a job or a delete holds the write lock the store is in flux: no version, no caching.
  const caches = new RetrievalCaches(() => (jobs.writes.busy ? undefined : version));
  const deps: AgentDeps = {
    store,
    ...configuredDeps(config),
    toolCache: caches,
    ...(embedder ? { embedder } : {}),
  };
  // Resolve the LLM steps now so a bad LLM setting shows at start, not on the first question.
  const answering = new AnswerSlots(config.httpMaxConcurrency);
  const agent = answering.limit(createAgentRunner(await withDefaults(deps)));
  const followUp = await createFollowUpResolver(config);
  const dataDir = resolve(config.dataDir ?? dirname(config.storePath));
  const feedback = FeedbackLog.open(dataDir);
  const onChanged = () => {
    version++;
    forgetPhraseGraph(store);
  };
  const jobs = new IngestJobs({
    store,
    jobs: new JobStore(dataDir),
    config,
    processors: indexProcessorsFor(embedder),
    ...(embedder ? { embedder } : {}),
    onChanged,
    ...(options.log ? { log: options.log } : {}),
  });
  const resumed = jobs.resumeInterrupted();
  if (resumed) options.log?.(`resuming ${resumed} interrupted ingest job(s)`);
  return {
    config,
    store,
    embedder,
    agent,
    followUp,
    answering,
    jobs,
    dataDir,
    caches,
    retrieve: (question, request, signal) =>
      caches.bundle(question, request, (q, r) =>
        answering.run(() => retrieveBundle({ store, embedder }, q, r), signal),
      ),
    storeVersion: () => version,
    feedback,
    warnings,
    deleteDocument: (docId) =>
      jobs.writes.run(async () => {
        const removed = await store.deleteDocument(docId);
        if (removed) {
          await store.pruneOrphans("Entity");
          onChanged();
        }
        return removed;
      }),
    async close(graceMs) {
      await jobs.stop(graceMs);
      await embedder?.close?.();
      await store.close();
    },
  };
}
