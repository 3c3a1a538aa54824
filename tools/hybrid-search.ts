import { tool } from "@langchain/core/tools";
import { z } from "zod";
import { retrieve } from "../src/retrieval/retrieve.js";
import { FilterField, filterOption, scopeOf } from "./tool-filter.js";
import { BudgetField, QueryField, type ToolDeps, type ToolResult, toolResult } from "./tool-result.js";

export const HybridSearchInputSchema = z.object({
  query: QueryField,
  k: z.number().int().min(1).max(300).default(30).describe("passages to rank before packing"),
  expand: z
    .boolean()
    .default(false)
    .describe("add structure neighbours: parent sections, siblings, tables/code, cross references"),
  budget: BudgetField,
  filter: FilterField,
});
export type HybridSearchInput = z.input<typeof HybridSearchInputSchema>;

/** BM25 + dense text/heading/anchor vectors fused by RRF (BM25 alone on a store without vectors). */
export async function hybridSearch(deps: ToolDeps, raw: HybridSearchInput): Promise<ToolResult> {
  const input = HybridSearchInputSchema.parse(raw);
  const filter = scopeOf(deps, input);
  const ranked = await retrieve(deps, input.query, {
    mode: "hybrid",
    k: input.k,
    expand: input.expand,
    ...filterOption(filter),
  });
  return toolResult(deps.store, {
    tool: "hybrid_search",
    query: input.query,
    mode: input.expand ? "hybrid+expand" : "hybrid",
    ranked,
    budget: input.budget,
    filter,
    notes: deps.embedder ? [] : ["no embedder: BM25 ranking only"],
  });
}

export function createHybridSearchTool(deps: ToolDeps) {
  return tool((input) => hybridSearch(deps, input), {
    name: "hybrid_search",
    description:
      "Keyword + semantic search fused by reciprocal rank, optionally widened by document structure; returns a cited context bundle (S1..Sn).",
    schema: HybridSearchInputSchema,
  });
}
