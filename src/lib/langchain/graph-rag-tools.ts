import type { StructuredToolInterface } from "@langchain/core/tools";
import { createCommunitySearchTool } from "../../../tools/community-search.js";
import { createGraphPathsTool } from "../../../tools/graph-paths.js";
import { createHybridSearchTool } from "../../../tools/hybrid-search.js";
import { createPprSearchTool } from "../../../tools/ppr-search.js";
import { createTemporalLookupTool } from "../../../tools/temporal-lookup.js";
import type { ToolDeps } from "../../../tools/tool-result.js";
import { createVectorCypherTool } from "../../../tools/vector-cypher.js";
import { createVectorSearchTool } from "../../../tools/vector-search.js";
import { type RetrievalFilter, RetrievalFilterSchema } from "../../domain/retrieval-filter.js";
import { userError } from "../../errors.js";
import type { GraphRag } from "../graph-rag.js";

export interface GraphRagToolsOptions {
  /** Every call of every tool searches and cites only inside this scope. */
  filter?: RetrievalFilter;
}

/** The seven tool names, in the order graphRagTools returns them. */
export const GRAPH_RAG_TOOL_NAMES = [
  "vector_search",
  "hybrid_search",
  "ppr_search",
  "vector_cypher",
  "graph_paths",
  "community_search",
  "temporal_lookup",
] as const;

/**
 * The agent's seven retrieval tools as LangChain tools bound to an opened graph, each with its
 * zod input schema (what a chat model's tool call is validated against) and returning a JSON
 * result with a cited context bundle (S1..Sn). Hand them to `createReactAgent`, a `ToolNode` or
 * `model.bindTools` in your own graph.
 */
export function graphRagTools(rag: GraphRag, options: GraphRagToolsOptions = {}): StructuredToolInterface[] {
  const filter = options.filter === undefined ? undefined : RetrievalFilterSchema.safeParse(options.filter);
  if (filter && !filter.success)
    throw userError("bad_options", `graphRagTools: filter: ${filter.error.issues[0]?.message ?? "invalid"}`);
  const deps: ToolDeps = {
    store: rag.engine.store,
    ...(rag.engine.embedder ? { embedder: rag.engine.embedder } : {}),
    ...(filter ? { filter: filter.data } : {}),
  };
  return [
    createVectorSearchTool(deps),
    createHybridSearchTool(deps),
    createPprSearchTool(deps),
    createVectorCypherTool(deps),
    createGraphPathsTool(deps),
    createCommunitySearchTool(deps),
    createTemporalLookupTool(deps),
  ];
}
