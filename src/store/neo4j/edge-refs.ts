import { z } from "zod";
import { type EdgeType, EdgeTypeSchema } from "../../domain/graph-edge.js";
import type { EdgeRef } from "../graph-store.js";
import { asNumber, fromNeo4j } from "./records.js";

/**
 * What a PPR walk reads of Neo4j (edgesTouching, edgeCounts): edge references with their weight
 * and predicate only, never the other properties (a RELATED_TO edge's evidence sentence); counts
 * from the degree store, one COUNT per edge type, so a hub's thousands of mentions are not scanned.
 */
type Read = (cypher: string, params: Record<string, unknown>) => Promise<Record<string, unknown>[]>;

const REF_OUT =
  "a.id AS src, type(r) AS type, b.id AS dst, coalesce(r.section_id, '') AS section_id, " +
  "r.weight AS weight, r.predicate AS predicate";
const REFS_FROM = `UNWIND $ids AS id MATCH (a:Node {id: id})-[r]->(b:Node) WHERE type(r) IN $types RETURN ${REF_OUT}`;
const REFS_TO = `UNWIND $ids AS id MATCH (a:Node)-[r]->(b:Node {id: id}) WHERE type(r) IN $types RETURN ${REF_OUT}`;

/**
 * The planner answers `COUNT { (a)-[:T]-() }` from the node's degree, without reading the
 * relationships; a type cannot be a parameter, so each name (checked against EdgeTypeSchema) is
 * written into the query.
 */
export function edgeCountsCypher(types: readonly EdgeType[]): string {
  const counts = types.map((t) => `COUNT { (a)-[:${EdgeTypeSchema.parse(t)}]-() }`).join(" + ");
  return `UNWIND $ids AS id OPTIONAL MATCH (a:Node {id: id}) RETURN id, CASE WHEN a IS NULL THEN 0 ELSE ${counts} END AS n`;
}

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
  const [out, into] = await Promise.all([read(REFS_FROM, params), read(REFS_TO, params)]);
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
  const rows = await read(edgeCountsCypher(types), { ids: [...ids] });
  return new Map(rows.map((r) => [String(r.id), asNumber(r.n)]));
}
