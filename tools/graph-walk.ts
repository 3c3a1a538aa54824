import type { EntityNode } from "../src/domain/entity.js";
import type { RelationNode } from "../src/domain/relation.js";
import type { RetrievedChunk } from "../src/retrieval/retrieval-mode.js";
import type { GraphStore } from "../src/store/graph-store.js";
import type { Triplet } from "./tool-result.js";

/**
 * Typed steps over the entity graph through the GraphStore port only: Entity -MENTIONED_IN->
 * Chunk (the passages naming an entity), Entity -RELATED_TO-> Entity (a stated fact's shortcut)
 * and Relation -SUBJECT/OBJECT-> Entity (the fact itself, with its sentence and dates).
 */

/** Passages per entity looked at; an entity named in thousands of passages says little about any. */
export const PASSAGES_PER_ENTITY = 25;

/** Entities each chunk mentions (Entity -MENTIONED_IN-> Chunk, read backwards). */
export async function entitiesOfChunks(
  store: GraphStore,
  chunkIds: readonly string[],
): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  for (const id of chunkIds) {
    const edges = await store.findEdges({ dst: id, type: "MENTIONED_IN" });
    out.set(
      id,
      edges.map((e) => e.src),
    );
  }
  return out;
}

/** Passages naming an entity, heaviest mention first, and how many there are in all (capped read). */
export async function chunksOfEntity(
  store: GraphStore,
  entityId: string,
  cap = PASSAGES_PER_ENTITY,
): Promise<{ chunks: string[]; df: number }> {
  const edges = await store.findEdges({ src: entityId, type: "MENTIONED_IN", limit: 500 });
  const sorted = [...edges].sort((a, b) => (b.props.weight ?? 1) - (a.props.weight ?? 1));
  return { chunks: sorted.slice(0, cap).map((e) => e.dst), df: edges.length };
}

/** Entities one RELATED_TO edge away (either direction), with the predicate and the stating chunk. */
export async function relatedEntities(
  store: GraphStore,
  entityId: string,
): Promise<Array<{ entity: string; predicate: string; chunk_id?: string; forward: boolean }>> {
  const [out, inc] = await Promise.all([
    store.findEdges({ src: entityId, type: "RELATED_TO", limit: 200 }),
    store.findEdges({ dst: entityId, type: "RELATED_TO", limit: 200 }),
  ]);
  return [
    ...out.map((e) => ({
      entity: e.dst,
      predicate: e.props.predicate ?? "related to",
      forward: true,
      chunk_id: e.props.chunk_id,
    })),
    ...inc.map((e) => ({
      entity: e.src,
      predicate: e.props.predicate ?? "related to",
      forward: false,
      chunk_id: e.props.chunk_id,
    })),
  ];
}

export async function loadEntities(
  store: GraphStore,
  ids: Iterable<string>,
): Promise<Map<string, EntityNode>> {
  const nodes = await store.getNodes([...new Set(ids)]);
  return new Map(nodes.flatMap((n) => (n.label === "Entity" ? [[n.id, n] as const] : [])));
}

/** Specificity of an entity: rare names link passages meaningfully, common ones do not. */
export const specificity = (df: number): number => 1 / Math.log2(2 + df);

/**
 * Facts among the reached entities: Relation nodes whose subject is one of them (via SUBJECT
 * edges), kept when the object was reached too or the subject is an entry entity (hop 0).
 */
export async function relationsAmong(
  store: GraphStore,
  hops: ReadonlyMap<string, number>,
): Promise<Triplet[]> {
  const relationIds = new Set<string>();
  for (const entity of hops.keys())
    for (const e of await store.findEdges({ dst: entity, type: "SUBJECT", limit: 100 }))
      relationIds.add(e.src);
  const relations = (await store.getNodes([...relationIds])).filter(
    (n): n is RelationNode => n.label === "Relation",
  );
  const kept = relations.filter((r) => hops.has(r.object) || hops.get(r.subject) === 0);
  return asTriplets(store, kept, (r) => Math.min(hops.get(r.subject) ?? 99, hops.get(r.object) ?? 99));
}

/** Relation nodes as context triplets, with their entities' display names. */
export async function asTriplets(
  store: GraphStore,
  relations: readonly RelationNode[],
  hopsOf: (r: RelationNode) => number,
): Promise<Triplet[]> {
  const names = await loadEntities(
    store,
    relations.flatMap((r) => [r.subject, r.object]),
  );
  return relations.map((r) => ({
    subject: names.get(r.subject)?.name ?? r.subject,
    predicate: r.predicate,
    object: names.get(r.object)?.name ?? r.object,
    relation_id: r.id,
    chunk_id: r.chunk_id,
    evidence: r.evidence,
    hops: hopsOf(r),
    ...(r.valid_from ? { valid_from: r.valid_from } : {}),
    ...(r.valid_to ? { valid_to: r.valid_to } : {}),
  }));
}

/** Chunk ids with scores → the RetrievedChunk shape buildBundle takes (unknown ids dropped). */
export async function asRetrieved(
  store: GraphStore,
  scored: ReadonlyArray<{ id: string; score: number }>,
): Promise<RetrievedChunk[]> {
  const nodes = new Map((await store.getNodes(scored.map((s) => s.id))).map((n) => [n.id, n]));
  return scored.flatMap((s) => {
    const n = nodes.get(s.id);
    return n?.label === "Chunk"
      ? [{ chunk_id: n.id, section_id: n.section_id, doc_id: n.doc_id, score: s.score }]
      : [];
  });
}

/** Reciprocal rank fusion (k = 60) of chunk rankings, best first. */
export function fuseRankings(
  lists: ReadonlyArray<{ ids: readonly string[]; weight?: number }>,
): Array<{ id: string; score: number }> {
  const score = new Map<string, number>();
  for (const { ids, weight = 1 } of lists)
    for (const [rank, id] of ids.entries()) score.set(id, (score.get(id) ?? 0) + weight / (60 + rank + 1));
  return [...score]
    .map(([id, s]) => ({ id, score: s }))
    .sort((a, b) => b.score - a.score || a.id.localeCompare(b.id));
}
