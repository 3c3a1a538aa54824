import { tool } from "@langchain/core/tools";
import { z } from "zod";
import { retrieve } from "../src/retrieval/retrieve.js";
import {
  asRetrieved,
  chunksOfEntity,
  entitiesOfChunks,
  fuseRankings,
  loadEntities,
  relationsAmong,
  specificity,
} from "./graph-walk.js";
import { BudgetField, QueryField, type ToolDeps, type ToolResult, toolResult } from "./tool-result.js";

export const VectorCypherInputSchema = z.object({
  query: QueryField,
  seeds: z.number().int().min(1).max(50).default(5).describe("entry passages found by vector search"),
  depth: z
    .number()
    .int()
    .min(1)
    .max(5)
    .default(2)
    .describe("typed hops: 1 = the entry passages' entities, each more = one RELATED_TO hop"),
  k: z.number().int().min(1).max(300).default(30).describe("passages to rank before packing"),
  max_triplets: z.number().int().min(0).max(200).default(30),
  budget: BudgetField,
});
export type VectorCypherInput = z.input<typeof VectorCypherInputSchema>;

/** Entities carried from one traversal level to the next (the strongest first). */
const MAX_ENTITIES = 80;

/**
 * Vector entry points, then typed traversal (the VectorCypherRetriever pattern):
 * (seed chunk)<-MENTIONED_IN-(entity)-[RELATED_TO*0..depth-1]-(entity)-MENTIONED_IN->(chunk).
 * Returns the facts (Relation triplets) among the reached entities and the passages naming them,
 * fused with the entry passages. Without any Relation it still links passages through shared
 * entities, with no triplets.
 */
export async function vectorCypher(deps: ToolDeps, raw: VectorCypherInput): Promise<ToolResult> {
  const input = VectorCypherInputSchema.parse(raw);
  const { store } = deps;
  const seedMode = deps.embedder ? "dense" : "hybrid";
  const notes = deps.embedder ? [] : ["no embedder: BM25 entry passages instead of vectors"];
  const seeds = await retrieve(deps, input.query, { mode: seedMode, k: input.seeds });
  const seedIds = seeds.map((s) => s.chunk_id);

  // Level 0: the entities the entry passages mention, weighted by the best entry passage's rank.
  const weight = new Map<string, number>();
  const hops = new Map<string, number>();
  for (const [rank, ids] of [...(await entitiesOfChunks(store, seedIds)).values()].entries())
    for (const e of ids) {
      weight.set(e, Math.max(weight.get(e) ?? 0, 1 / (1 + rank)));
      hops.set(e, 0);
    }
  // Levels 1..depth-1 over RELATED_TO, through the port's breadth-first traversal.
  let frontier = strongest([...hops.keys()], weight, MAX_ENTITIES);
  for (let level = 1; level < input.depth && frontier.length > 0; level++) {
    const from = new Set(frontier);
    const sub = await store.traverse(frontier, {
      edgeTypes: ["RELATED_TO"],
      direction: "both",
      depth: 1,
      limit: 500,
    });
    const next: string[] = [];
    for (const edge of sub.edges)
      for (const [a, b] of [
        [edge.src, edge.dst],
        [edge.dst, edge.src],
      ] as const) {
        if (!from.has(a) || hops.has(b)) continue;
        hops.set(b, level);
        weight.set(b, 0.5 * (weight.get(a) ?? 0));
        next.push(b);
      }
    frontier = strongest(next, weight, MAX_ENTITIES);
  }

  // Passages naming the reached entities: rare entities and near ones count most.
  const graphScore = new Map<string, number>();
  const dfs = new Map<string, number>();
  for (const e of strongest([...hops.keys()], weight, MAX_ENTITIES)) {
    const { chunks, df } = await chunksOfEntity(store, e);
    dfs.set(e, df);
    const s = (weight.get(e) ?? 0) * specificity(df);
    for (const c of chunks) graphScore.set(c, (graphScore.get(c) ?? 0) + s);
  }
  const triplets = (await relationsAmong(store, hops))
    .sort(
      (a, b) =>
        a.hops - b.hops || Number(seedIds.includes(b.chunk_id)) - Number(seedIds.includes(a.chunk_id)),
    )
    .slice(0, input.max_triplets);
  // A passage stating one of the facts is evidence for it.
  for (const t of triplets)
    graphScore.set(t.chunk_id, (graphScore.get(t.chunk_id) ?? 0) + 0.5 / (1 + t.hops));
  const graphList = [...graphScore].sort((a, b) => b[1] - a[1]).map(([id]) => id);
  const fused = fuseRankings([{ ids: seedIds, weight: 2 }, { ids: graphList }]).slice(0, input.k);
  const names = await loadEntities(store, strongest([...hops.keys()], weight, 20));
  if (hops.size === 0) notes.push("the entry passages mention no entity: entry passages only");
  else if (triplets.length === 0)
    notes.push("no stated relation among the reached entities: shared-entity links only");
  return toolResult(store, {
    tool: "vector_cypher",
    query: input.query,
    mode: `${seedMode} seeds + typed traversal depth ${input.depth}`,
    ranked: await asRetrieved(store, fused),
    budget: input.budget,
    triplets,
    entities: [...names.values()].map((e) => e.name),
    notes,
  });
}

function strongest(ids: readonly string[], weight: ReadonlyMap<string, number>, n: number): string[] {
  return [...ids]
    .sort((a, b) => (weight.get(b) ?? 0) - (weight.get(a) ?? 0) || a.localeCompare(b))
    .slice(0, n);
}

export function createVectorCypherTool(deps: ToolDeps) {
  return tool((input) => vectorCypher(deps, input), {
    name: "vector_cypher",
    description:
      "Relation search: vector entry passages, then typed graph traversal (entities they mention, RELATED_TO hops) returning fact triplets and the passages stating them, as a cited context bundle.",
    schema: VectorCypherInputSchema,
  });
}
