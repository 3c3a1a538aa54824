import { tool } from "@langchain/core/tools";
import { z } from "zod";
import { retrieve } from "../src/retrieval/retrieve.js";
import {
  asRetrieved,
  chunksOfEntity,
  entitiesOfChunks,
  fuseRankings,
  loadEntities,
  PASSAGES_PER_ENTITY,
  relationsAmong,
  specificity,
} from "./graph-walk.js";
import { FilterField, filterOption, scopeOf } from "./tool-filter.js";
import {
  BudgetField,
  QueryField,
  type ToolDeps,
  type ToolResult,
  type Triplet,
  toolResult,
} from "./tool-result.js";

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
  filter: FilterField,
});
export type VectorCypherInput = z.input<typeof VectorCypherInputSchema>;

/** Entities carried from one traversal level to the next (the strongest first). */
const MAX_ENTITIES = 80;

/** What the typed traversal reached, from either path; scoring below is shared. */
export interface Reached {
  seeds: string[];
  hops: ReadonlyMap<string, number>;
  /** The strongest reached entities, strongest first. */
  entities: Array<{ id: string; name: string; weight: number; chunks: string[]; df: number }>;
  triplets: Triplet[];
}

/**
 * Vector entry points, then typed traversal (the VectorCypherRetriever pattern):
 * (seed chunk)<-MENTIONED_IN-(entity)-[RELATED_TO*0..depth-1]-(entity)-MENTIONED_IN->(chunk).
 * Returns the facts (Relation triplets) among the reached entities and the passages naming them,
 * fused with the entry passages. Without any Relation it still links passages through shared
 * entities, with no triplets. On a store with a push-down (Neo4j + GDS) the vector search and the
 * traversal are one Cypher query; otherwise they go through the port step by step.
 */
export async function vectorCypher(deps: ToolDeps, raw: VectorCypherInput): Promise<ToolResult> {
  const input = VectorCypherInputSchema.parse(raw);
  const { store } = deps;
  const filter = scopeOf(deps, input);
  const seedMode = deps.embedder ? "dense" : "hybrid";
  const notes = deps.embedder ? [] : ["no embedder: BM25 entry passages instead of vectors"];
  // The one-query path seeds from the vector index, which cannot filter: a filter goes step by step.
  const inDatabase = Boolean(store.pushdown && deps.embedder && !filter && (await store.vectorModel()));
  const reached = inDatabase
    ? await reachInDatabase(deps, input)
    : await reachInProcess(deps, { ...input, filter }, seedMode);
  const seedIds = reached.seeds;
  const seedSet = new Set(seedIds);

  // Passages naming the reached entities: rare entities and near ones count most.
  const graphScore = new Map<string, number>();
  for (const e of reached.entities) {
    const s = e.weight * specificity(e.df);
    for (const c of e.chunks) graphScore.set(c, (graphScore.get(c) ?? 0) + s);
  }
  const triplets = [...reached.triplets]
    .sort(
      (a, b) =>
        a.hops - b.hops ||
        Number(seedSet.has(b.chunk_id)) - Number(seedSet.has(a.chunk_id)) ||
        a.relation_id.localeCompare(b.relation_id),
    )
    .slice(0, input.max_triplets);
  // A passage stating one of the facts is evidence for it.
  for (const t of triplets)
    graphScore.set(t.chunk_id, (graphScore.get(t.chunk_id) ?? 0) + 0.5 / (1 + t.hops));
  const graphList = [...graphScore].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([id]) => id);
  const fused = fuseRankings([{ ids: seedIds, weight: 2 }, { ids: graphList }]).slice(0, input.k);
  if (reached.hops.size === 0) notes.push("the entry passages mention no entity: entry passages only");
  else if (triplets.length === 0)
    notes.push("no stated relation among the reached entities: shared-entity links only");
  return toolResult(store, {
    tool: "vector_cypher",
    query: input.query,
    mode: `${seedMode} seeds + typed traversal depth ${input.depth}${inDatabase ? " (one Cypher query)" : ""}`,
    ranked: await asRetrieved(store, fused),
    budget: input.budget,
    filter,
    triplets,
    entities: reached.entities.slice(0, 20).map((e) => e.name),
    notes,
  });
}

export type Input = z.output<typeof VectorCypherInputSchema>;

/** One round trip: db.index.vector.queryNodes, then the traversal, in the database. */
export async function reachInDatabase(deps: ToolDeps, input: Input): Promise<Reached> {
  const [vector] = deps.embedder ? await deps.embedder.embedQueries([input.query]) : [];
  const pushdown = deps.store.pushdown;
  if (!vector || !pushdown) return { seeds: [], hops: new Map(), entities: [], triplets: [] };
  const g = await pushdown.vectorCypher({
    vector,
    kind: "text",
    seeds: input.seeds,
    depth: input.depth,
    maxEntities: MAX_ENTITIES,
    passagesPerEntity: PASSAGES_PER_ENTITY,
  });
  const hopOf = (id: string) => g.hops.get(id) ?? 99;
  return {
    seeds: g.seeds.map((s) => s.id),
    hops: g.hops,
    entities: g.entities,
    triplets: g.relations.map((r) => ({
      subject: r.subject_name,
      predicate: r.predicate,
      object: r.object_name,
      relation_id: r.id,
      chunk_id: r.chunk_id,
      evidence: r.evidence,
      hops: Math.min(hopOf(r.subject), hopOf(r.object)),
      ...(r.valid_from ? { valid_from: r.valid_from } : {}),
      ...(r.valid_to ? { valid_to: r.valid_to } : {}),
    })),
  };
}

/** The same traversal through the GraphStore port, one level at a time. */
export async function reachInProcess(
  deps: ToolDeps,
  input: Input,
  seedMode: "dense" | "hybrid",
): Promise<Reached> {
  const { store } = deps;
  const seeds = await retrieve(deps, input.query, {
    mode: seedMode,
    k: input.seeds,
    ...filterOption(input.filter),
  });
  const seedIds = seeds.map((s) => s.chunk_id);
  // Level 0: the entities the entry passages mention, weighted by the best entry passage's rank.
  const weight = new Map<string, number>();
  const hops = new Map<string, number>();
  for (const [rank, ids] of [...(await entitiesOfChunks(store, seedIds)).values()].entries())
    for (const e of ids) {
      weight.set(e, Math.max(weight.get(e) ?? 0, 1 / (1 + rank)));
      hops.set(e, 0);
    }
  // Levels 1..depth-1 over RELATED_TO; a node reached from several parents keeps the best weight.
  let frontier = strongest([...hops.keys()], weight, MAX_ENTITIES);
  for (let level = 1; level < input.depth && frontier.length > 0; level++) {
    const from = new Set(frontier);
    const sub = await store.traverse(frontier, {
      edgeTypes: ["RELATED_TO"],
      direction: "both",
      depth: 1,
      limit: 500,
    });
    const next = new Set<string>();
    for (const edge of sub.edges)
      for (const [a, b] of [
        [edge.src, edge.dst],
        [edge.dst, edge.src],
      ] as const) {
        if (!from.has(a) || (hops.has(b) && !next.has(b))) continue;
        hops.set(b, level);
        weight.set(b, Math.max(weight.get(b) ?? 0, 0.5 * (weight.get(a) ?? 0)));
        next.add(b);
      }
    frontier = strongest([...next], weight, MAX_ENTITIES);
  }
  const top = strongest([...hops.keys()], weight, MAX_ENTITIES);
  const names = await loadEntities(store, top);
  const entities = [];
  for (const id of top) {
    const { chunks, df } = await chunksOfEntity(store, id);
    entities.push({ id, name: names.get(id)?.name ?? id, weight: weight.get(id) ?? 0, chunks, df });
  }
  return { seeds: seedIds, hops, entities, triplets: await relationsAmong(store, hops) };
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
