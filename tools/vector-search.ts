import { tool } from "@langchain/core/tools";
import { z } from "zod";
import { retrieve } from "../src/retrieval/retrieve.js";
import { FilterField, filterOption, scopeOf } from "./tool-filter.js";
import { BudgetField, QueryField, type ToolDeps, type ToolResult, toolResult } from "./tool-result.js";

export const VectorSearchInputSchema = z.object({
  query: QueryField,
  k: z.number().int().min(1).max(200).default(20).describe("passages to rank before packing"),
  budget: BudgetField,
  filter: FilterField,
});
export type VectorSearchInput = z.input<typeof VectorSearchInputSchema>;

/**
 * Dense (cosine) search over chunk vectors. A store indexed without vectors (AGR_EMBEDDER=none)
 * has nothing to compare against, so the tool says so and ranks by hybrid (BM25) instead.
 */
export async function vectorSearch(deps: ToolDeps, raw: VectorSearchInput): Promise<ToolResult> {
  const input = VectorSearchInputSchema.parse(raw);
  const filter = scopeOf(deps, input);
  const mode = deps.embedder ? "dense" : "hybrid";
  const ranked = await retrieve(deps, input.query, { mode, k: input.k, ...filterOption(filter) });
  return toolResult(deps.store, {
    tool: "vector_search",
    query: input.query,
    mode,
    ranked,
    budget: input.budget,
    filter,
    notes: deps.embedder ? [] : ["no embedder: hybrid (BM25) ranking instead of vectors"],
  });
}

export function createVectorSearchTool(deps: ToolDeps) {
  return tool((input) => vectorSearch(deps, input), {
    name: "vector_search",
    description:
      "Semantic search: the passages whose embedding is closest to the query, as a cited context bundle (S1..Sn).",
    schema: VectorSearchInputSchema,
  });
}
