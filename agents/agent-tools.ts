import type { CommunitySummarizer } from "../src/index/communities/community-summarizer.js";
import { DEFAULT_TOKEN_BUDGET } from "../src/retrieval/build-bundle.js";
import { retrieve } from "../src/retrieval/retrieve.js";
import { CommunitySearchResultSchema, createCommunitySearchTool } from "../tools/community-search.js";
import { createGraphPathsTool } from "../tools/graph-paths.js";
import { createHybridSearchTool } from "../tools/hybrid-search.js";
import { createPprSearchTool } from "../tools/ppr-search.js";
import { createTemporalLookupTool } from "../tools/temporal-lookup.js";
import { type ToolDeps, type ToolResult, ToolResultSchema, toolResult } from "../tools/tool-result.js";
import { createVectorCypherTool } from "../tools/vector-cypher.js";
import { createVectorSearchTool } from "../tools/vector-search.js";
import type { PlannedCall, ToolName } from "./retrieval-plan.js";

/** One planned tool call's runner: the planned input in, the tool's validated result out. */
export type Runner = (input: PlannedCall["input"]) => Promise<ToolResult>;

/** The LangChain tools over one set of deps, plus `agr ask --mode graph`'s blended ranking. */
export function agentTools(deps: ToolDeps & { summarizer?: CommunitySummarizer }): Record<ToolName, Runner> {
  const vector = createVectorSearchTool(deps);
  const hybrid = createHybridSearchTool(deps);
  const ppr = createPprSearchTool(deps);
  const cypher = createVectorCypherTool(deps);
  const paths = createGraphPathsTool(deps);
  // Community summaries: extractive unless an LLM summarizer is given (AGR_LLM=openai).
  const communities = createCommunitySearchTool({
    store: deps.store,
    ...(deps.summarizer ? { summarizer: deps.summarizer } : {}),
    ...(deps.filter ? { filter: deps.filter } : {}),
  });
  const temporal = createTemporalLookupTool(deps);
  // Each planned input goes through the tool's own schema, then through the LangChain tool.
  return {
    vector_search: async (input) => ToolResultSchema.parse(await vector.invoke(vector.schema.parse(input))),
    hybrid_search: async (input) => ToolResultSchema.parse(await hybrid.invoke(hybrid.schema.parse(input))),
    ppr_search: async (input) => ToolResultSchema.parse(await ppr.invoke(ppr.schema.parse(input))),
    vector_cypher: async (input) => ToolResultSchema.parse(await cypher.invoke(cypher.schema.parse(input))),
    graph_paths: async (input) => ToolResultSchema.parse(await paths.invoke(paths.schema.parse(input))),
    // Its own schema keeps the community summaries, which become evidence.
    community_search: async (input) =>
      CommunitySearchResultSchema.parse(await communities.invoke(communities.schema.parse(input))),
    temporal_lookup: async (input) =>
      ToolResultSchema.parse(await temporal.invoke(temporal.schema.parse(input))),
    graph_mode: async (input) => {
      const query = String(input.query);
      const filter = deps.filter ? { filter: deps.filter } : {};
      const ranked = await retrieve(deps, query, { mode: "graph", k: Number(input.k ?? 30), ...filter });
      return toolResult(deps.store, {
        tool: "graph_mode",
        query,
        mode: "graph",
        ranked,
        budget: DEFAULT_TOKEN_BUDGET,
        ...filter,
      });
    },
  };
}
