import { z } from "zod";
import type { VectorCypherGraph } from "../graph-pushdown.js";

/** Neo4j reports vector similarity as (1 + cos) / 2; the port speaks cosine (as searchVectors). */
const cosine = (score: number): number => 2 * score - 1;
const optional = z
  .string()
  .nullish()
  .transform((v) => v ?? undefined);

const RowSchema = z.object({
  seeds: z.array(z.object({ id: z.string(), score: z.number() })),
  entities: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      hops: z.number().int(),
      weight: z.number(),
      df: z.number().int(),
      chunks: z.array(z.string()),
    }),
  ),
  relations: z.array(
    z.object({
      id: z.string(),
      subject: z.string(),
      subject_name: z.string(),
      predicate: z.string(),
      object: z.string(),
      object_name: z.string(),
      chunk_id: z.string(),
      evidence: z.string(),
      valid_from: optional,
      valid_to: optional,
    }),
  ),
  hops: z.array(z.tuple([z.string(), z.number().int()])),
});

/** The one row of the VectorCypher query (INTEGERs already converted) as the port's shape. */
export function decodeVectorCypher(row: unknown): VectorCypherGraph {
  const r = RowSchema.parse(row);
  return {
    seeds: r.seeds.map((s) => ({ id: s.id, score: cosine(s.score) })),
    entities: r.entities,
    relations: r.relations.map(({ valid_from, valid_to, ...rest }) => ({
      ...rest,
      ...(valid_from ? { valid_from } : {}),
      ...(valid_to ? { valid_to } : {}),
    })),
    hops: new Map(r.hops),
  };
}
