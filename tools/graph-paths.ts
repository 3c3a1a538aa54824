import { tool } from "@langchain/core/tools";
import { z } from "zod";
import type { EntityNode } from "../src/domain/entity.js";
import { retrieve } from "../src/retrieval/retrieve.js";
import { multiSourceSearch } from "./entity-path-search.js";
import { asRetrieved, chunksOfEntity, entitiesOfChunks, loadEntities, specificity } from "./graph-walk.js";
import { relationSteps, render } from "./path-text.js";
import { questionEntities } from "./question-entities.js";
import { FilterField, filterOption, scopeOf } from "./tool-filter.js";
import {
  BudgetField,
  type GraphPath,
  QueryField,
  type ToolDeps,
  type ToolResult,
  ToolResultSchema,
  toolResult,
} from "./tool-result.js";

export const GraphPathsInputSchema = z.object({
  query: QueryField,
  entities: z
    .array(z.string().min(1))
    .max(8)
    .optional()
    .describe("entity names to connect; default: the entities the query names"),
  max_hops: z.number().int().min(1).max(5).default(3).describe("entity-to-entity hops per path"),
  max_paths: z.number().int().min(1).max(50).default(10),
  budget: BudgetField,
  filter: FilterField,
});
export type GraphPathsInput = z.input<typeof GraphPathsInputSchema>;

/**
 * Paths between the entities a question names (multi-source breadth-first search over shared
 * passages and RELATED_TO facts, meeting in the middle), or the k-hop neighbourhood of a single
 * one, serialised as text for the answer's context, with the passages along them as evidence.
 */
export async function graphPaths(deps: ToolDeps, raw: GraphPathsInput): Promise<ToolResult> {
  const input = GraphPathsInputSchema.parse(raw);
  const { store } = deps;
  const filter = scopeOf(deps, input);
  const notes: string[] = [];
  let sources = input.entities
    ? (await Promise.all(input.entities.map((e) => questionEntities(store, e)))).flatMap((l) => l.slice(0, 1))
    : await questionEntities(store, input.query);
  if (sources.length === 0) {
    sources = await entitiesOfTopPassages(deps, input.query, filter);
    notes.push("the query names no known entity: started from the entities of the top hybrid passages");
  }
  const walk = await multiSourceSearch(store, sources.map((s) => s.id).slice(0, 6), input.max_hops);
  // With a filter, a path counts only when every passage it rests on is allowed.
  const stepsOf = (p: (typeof walk.connecting)[number]) => p.steps.map((s) => s.chunk_id);
  const allowed = async (ps: typeof walk.connecting) => {
    if (!filter) return ps;
    const ok = new Set(await store.allowedChunks([...new Set(ps.flatMap(stepsOf))], filter));
    return ps.filter((p) => stepsOf(p).every((id) => ok.has(id)));
  };
  const connecting = await allowed(walk.connecting);
  const paths = [
    ...connecting,
    ...(sources.length === 1 || connecting.length === 0 ? await allowed(walk.around) : []),
  ].slice(0, input.max_paths);
  if (sources.length > 1 && connecting.length === 0)
    notes.push(
      `no path within ${input.max_hops} hops between the query's entities: their neighbourhoods instead`,
    );
  const chunkOrder = [
    ...new Set([...paths.flatMap((p) => p.steps.map((s) => s.chunk_id)), ...walk.sourcePassages]),
  ];
  const names = await loadEntities(store, [...paths.flatMap((p) => p.entities), ...sources.map((s) => s.id)]);
  const result = await toolResult(store, {
    tool: "graph_paths",
    query: input.query,
    mode: `entity paths, ${input.max_hops} hops`,
    ranked: await asRetrieved(
      store,
      chunkOrder.map((id, i) => ({ id, score: 1 / (1 + i) })),
    ),
    budget: input.budget,
    filter,
    entities: sources.map((s) => s.name),
    triplets: await relationSteps(store, paths, names),
    notes: [...notes, ...walk.notes],
  });
  const sid = new Map(result.bundle.evidence.map((e) => [e.chunk_id, e.sid]));
  const serialised: GraphPath[] = paths.map((p) => ({
    entities: p.entities.map((id) => names.get(id)?.name ?? id),
    text: render(p, names, sid),
    chunk_ids: [...new Set(p.steps.map((s) => s.chunk_id))],
    hops: p.steps.length,
    steps: p.steps.map((s) => ({
      chunk_id: s.chunk_id,
      ...(s.predicate ? { predicate: s.predicate } : {}),
      ...(s.forward !== undefined ? { forward: s.forward } : {}),
    })),
  }));
  return ToolResultSchema.parse({ ...result, paths: serialised });
}

async function entitiesOfTopPassages(
  deps: ToolDeps,
  query: string,
  filter: ToolDeps["filter"],
): Promise<EntityNode[]> {
  const top = await retrieve(deps, query, { mode: "hybrid", k: 3, ...filterOption(filter) });
  const ids = [
    ...(
      await entitiesOfChunks(
        deps.store,
        top.map((t) => t.chunk_id),
      )
    ).values(),
  ].flat();
  const scored: Array<{ e: EntityNode; s: number }> = [];
  for (const e of (await loadEntities(deps.store, ids)).values())
    scored.push({ e, s: specificity((await chunksOfEntity(deps.store, e.id, 1)).df) });
  return scored
    .sort((a, b) => b.s - a.s)
    .slice(0, 3)
    .map((x) => x.e);
}

export function createGraphPathsTool(deps: ToolDeps) {
  return tool((input) => graphPaths(deps, input), {
    name: "graph_paths",
    description:
      "Connects the entities a question names: shortest paths through shared passages and stated relations (or one entity's k-hop neighbourhood), serialised as text with the passages along them as a cited context bundle.",
    schema: GraphPathsInputSchema,
  });
}
