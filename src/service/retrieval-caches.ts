import type { ToolCache } from "../../agents/cached-tools.js";
import type { PlannedCall, ToolName } from "../../agents/retrieval-plan.js";
import type { ToolResult } from "../../tools/tool-result.js";
import { filterKey } from "../domain/retrieval-filter.js";
import type { ContextBundle } from "../retrieval/context-bundle.js";
import type { BundleRequest } from "../retrieval/retrieve-bundle.js";
import {
  type CacheStats,
  normaliseQuery,
  ResultCache,
  type ResultCacheOptions,
  type VersionSource,
} from "./result-cache.js";

/** Tools whose results are traversals of the graph (facts and paths), kept in the subgraph cache. */
const SUBGRAPH_TOOLS: ReadonlySet<ToolName> = new Set(["vector_cypher", "graph_paths"]);
/**
 * community_search is not cached here: it writes each community's summary on first use and says
 * whether it was cached, so its second run differs from its first; the summaries themselves are
 * cached in the store (by member content, see src/index/communities/).
 */
const UNCACHED_TOOLS: ReadonlySet<ToolName> = new Set(["community_search"]);
/** Results that depend on today's date (freshness, "last year"): the UTC day joins their key. */
const DATED_TOOLS: ReadonlySet<ToolName> = new Set(["graph_mode", "temporal_lookup"]);

export interface RetrievalCachesOptions extends ResultCacheOptions {
  /** The clock dated results are keyed by (ms since the epoch). */
  now?: () => number;
}

export interface RetrievalCacheStats {
  retrieval: CacheStats;
  tool_results: CacheStats;
  subgraphs: CacheStats;
}

/**
 * The server's result caches, keyed by (normalised query, mode or tool, options, filter, store
 * version); a filter enters the key in its canonical form (filterKey):
 * - retrieval: the ContextBundle of POST /v1/retrieve;
 * - tool_results: the agent's ranked evidence (vector, hybrid, PPR, graph mode, temporal tools);
 * - subgraphs: the expanded subgraphs of the traversal tools (vector_cypher, graph_paths).
 * The version comes from the engine and moves whenever it changes the store.
 */
export class RetrievalCaches implements ToolCache {
  private readonly bundles: ResultCache<ContextBundle>;
  private readonly tools: ResultCache<ToolResult>;
  private readonly subgraphs: ResultCache<ToolResult>;
  private readonly now: () => number;

  constructor(version: VersionSource, options: RetrievalCachesOptions = {}) {
    this.bundles = new ResultCache(version, options);
    this.tools = new ResultCache(version, options);
    this.subgraphs = new ResultCache(version, options);
    this.now = options.now ?? Date.now;
  }

  /** POST /v1/retrieve: `compute` runs with the normalised question on a miss. */
  bundle(
    question: string,
    request: BundleRequest,
    compute: (question: string, request: BundleRequest) => Promise<ContextBundle>,
  ): Promise<ContextBundle> {
    const q = normaliseQuery(question);
    const key = {
      q,
      ...request,
      filter: filterKey(request.filter),
      ...(request.mode === "graph" ? { day: this.day() } : {}),
    };
    return this.bundles.get(key, () => compute(q, request));
  }

  run(
    tool: ToolName,
    input: PlannedCall["input"],
    compute: (input: PlannedCall["input"]) => Promise<ToolResult>,
    scope = "",
  ): Promise<ToolResult> {
    if (UNCACHED_TOOLS.has(tool)) return compute(input);
    const normalised =
      typeof input.query === "string" ? { ...input, query: normaliseQuery(input.query) } : input;
    const key = {
      tool,
      input: normalised,
      filter: scope,
      ...(DATED_TOOLS.has(tool) ? { day: this.day() } : {}),
    };
    const cache = SUBGRAPH_TOOLS.has(tool) ? this.subgraphs : this.tools;
    return cache.get(key, () => compute(normalised));
  }

  stats(): RetrievalCacheStats {
    return {
      retrieval: this.bundles.stats(),
      tool_results: this.tools.stats(),
      subgraphs: this.subgraphs.stats(),
    };
  }

  private day(): string {
    return new Date(this.now()).toISOString().slice(0, 10);
  }
}
