import { tool } from "@langchain/core/tools";
import { z } from "zod";
import { retrieve } from "../src/retrieval/retrieve.js";
import { FilterField, filterOption, scopeOf } from "./tool-filter.js";
import { BudgetField, QueryField, type ToolDeps, type ToolResult, toolResult } from "./tool-result.js";

export const PprSearchInputSchema = z.object({
  query: QueryField,
  k: z.number().int().min(1).max(300).default(30).describe("passages to rank before packing"),
  budget: BudgetField,
  filter: FilterField,
});
export type PprSearchInput = z.input<typeof PprSearchInputSchema>;

/**
 * Personalized PageRank over the entity + passage graph, seeded by the entities the query names
 * and the top hybrid passages: passages a few entity hops away rise with the ones that name them.
 */
export async function pprSearch(deps: ToolDeps, raw: PprSearchInput): Promise<ToolResult> {
  const input = PprSearchInputSchema.parse(raw);
  const filter = scopeOf(deps, input);
  const ranked = await retrieve(deps, input.query, { mode: "ppr", k: input.k, ...filterOption(filter) });
  return toolResult(deps.store, {
    tool: "ppr_search",
    query: input.query,
    mode: "ppr",
    ranked,
    budget: input.budget,
    filter,
  });
}

export function createPprSearchTool(deps: ToolDeps) {
  return tool((input) => pprSearch(deps, input), {
    name: "ppr_search",
    description:
      "Multi-hop passage search: Personalized PageRank from the entities the query names through the entity–passage graph; returns a cited context bundle (S1..Sn).",
    schema: PprSearchInputSchema,
  });
}
