import { z } from "zod";
import { type EdgeType, EdgeTypeSchema } from "../../domain/graph-edge.js";
import type { EdgeRef } from "../graph-store.js";
import * as Q from "./cypher.js";
import { asNumber, fromNeo4j } from "./records.js";

/**
 * What a PPR walk reads of Neo4j (edgesTouching, edgeCounts), decoded: edge references with their
 * weight and predicate only, and counts from the degree store (queries in cypher.ts), so a hub's
 * thousands of mentions are neither decoded nor scanned.
 */
type Read = (cypher: string, params: Record<string, unknown>) => Promise<Record<string, unknown>[]>;

const RefRow = z.object({
  src: z.string(),
  type: EdgeTypeSchema,
  dst: z.string(),
  section_id: z.string(),
  weight: z.unknown(),
  predicate: z.string().nullable(),
});

export async function edgeRefs(
  read: Read,
  ids: readonly string[],
  types: readonly EdgeType[],
): Promise<EdgeRef[]> {
  if (ids.length === 0 || types.length === 0) return [];
  const params = { ids: [...ids], types: [...types] };
  const [out, into] = await Promise.all([read(Q.EDGE_REFS_FROM, params), read(Q.EDGE_REFS_TO, params)]);
  const refs = new Map<string, EdgeRef>();
  for (const row of [...out, ...into]) {
    const r = RefRow.parse(row);
    const ref: EdgeRef = { src: r.src, type: r.type, dst: r.dst, section_id: r.section_id };
    const weight = fromNeo4j(r.weight);
    if (typeof weight === "number") ref.weight = weight;
    if (r.predicate !== null) ref.predicate = r.predicate;
    refs.set(`${r.src}\u0000${r.type}\u0000${r.dst}\u0000${r.section_id}`, ref);
  }
  return [...refs.values()];
}

export async function edgeCounts(
  read: Read,
  ids: readonly string[],
  types: readonly EdgeType[],
): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  if (types.length === 0) return new Map(ids.map((id) => [id, 0]));
  const rows = await read(Q.edgeCounts(types), { ids: [...ids] });
  return new Map(rows.map((r) => [String(r.id), asNumber(r.n)]));
}
