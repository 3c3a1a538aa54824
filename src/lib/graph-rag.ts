import type { z } from "zod";
import type { AskResult } from "../../agents/ask-result.js";
import type { AgentStreamEvent, StreamAgentOptions } from "../../agents/stream-agent.js";
import type { Config } from "../config.js";
import type { StatsReport } from "../ingest/stats-report.js";
import type { ContextBundle } from "../retrieval/context-bundle.js";
import type { Engine } from "../service/engine.js";
import { type IngestOptions, type IngestReport, ingestFiles } from "./ingest-files.js";
import { configFromOptions, type OpenGraphRagOptions } from "./open-options.js";
import {
  type AskOptions,
  AskOptionsSchema,
  parseOptions,
  parseQuestion,
  type RetrieveOptions,
  RetrieveOptionsSchema,
} from "./request-options.js";

/** One opened knowledge graph: its store, embedding model and compiled agent, until `close()`. */
export interface GraphRag {
  /** The settings in force (options over environment over defaults). */
  readonly config: Config;
  /** Why the engine is not what was asked for (e.g. no local model: the hashing fallback). */
  readonly warnings: readonly string[];
  /** The engine the HTTP server and MCP use: store, embedder, agent, caches (the LangChain parts bind to it). */
  readonly engine: Engine;
  /** Ingests files, folders (recursive) and globs; unchanged documents are skipped. */
  ingest(paths: string | readonly string[], options?: IngestOptions): Promise<IngestReport>;
  /** A cited, token-budgeted ContextBundle (`agr retrieve --json`). */
  retrieve(question: string, options?: RetrieveOptions): Promise<ContextBundle>;
  /** The cited, verified answer (`agr ask --json`), or `not_found: true`. */
  ask(question: string, options?: AskOptions): Promise<AskResult>;
  /**
   * The agent's steps as they end, then the answer: the events the HTTP SSE stream sends (route,
   * hop, tool_call, grade, draft_token, verification, token) and last `result` with the AskResult.
   */
  askStream(question: string, options?: AskOptions): AsyncIterable<AskStreamEvent>;
  /** Per-document counts and a health report (`agr stats --json`). */
  stats(): Promise<StatsReport>;
  /** Waits for running ingestion (up to `graceMs`, default 10 s), then closes the store and model. */
  close(graceMs?: number): Promise<void>;
}

export type AskStreamEvent = AgentStreamEvent;

/**
 * Opens the store (created on first ingest when it is an embedded file), loads the embedding
 * model (offline, from `modelDir`) and compiles the agent. Options are validated: a bad one is
 * an AgrError naming the field.
 */
export async function openGraphRag(options: OpenGraphRagOptions = {}): Promise<GraphRag> {
  const config = configFromOptions(options);
  // Loaded here so that importing the package for its types and schemas stays cheap.
  const [{ openEngine }, { embedderFor }] = await Promise.all([
    import("../service/engine.js"),
    import("../index/index-processors.js"),
  ]);
  const engine = await openEngine(config, { createEmbedder: embedderFor });
  return graphRagOver(engine);
}

function agentOptions(
  request: z.output<typeof AskOptionsSchema>,
  signal: AbortSignal | undefined,
): StreamAgentOptions {
  return {
    mode: request.mode,
    ...(request.filter ? { filter: request.filter } : {}),
    ...(signal ? { signal } : {}),
  };
}

/** The library API over an opened engine. */
export function graphRagOver(engine: Engine): GraphRag {
  let closed = false;
  const open = (what: string) => {
    if (closed) throw new Error(`${what}: this GraphRag is closed`);
  };
  return {
    config: engine.config,
    warnings: engine.warnings,
    engine,
    async ingest(paths, options) {
      open("ingest");
      return ingestFiles(engine, typeof paths === "string" ? [paths] : paths, options);
    },
    async retrieve(question, options) {
      open("retrieve");
      const q = parseQuestion(question, "retrieve");
      const request = parseOptions(RetrieveOptionsSchema, "retrieve", options);
      return engine.retrieve(q, request, options?.signal);
    },
    async ask(question, options) {
      open("ask");
      const q = parseQuestion(question, "ask");
      const request = parseOptions(AskOptionsSchema, "ask", options);
      return engine.agent.ask(q, agentOptions(request, options?.signal));
    },
    askStream(question, options) {
      open("askStream");
      const q = parseQuestion(question, "askStream");
      const request = parseOptions(AskOptionsSchema, "askStream", options);
      return engine.agent.stream(q, agentOptions(request, options?.signal));
    },
    async stats() {
      open("stats");
      const { collectStats } = await import("../ingest/stats-report.js");
      return collectStats(engine.store);
    },
    async close(graceMs = 10_000) {
      if (closed) return;
      closed = true;
      await engine.close(graceMs);
    },
  };
}
