import type Database from "better-sqlite3";
import { z } from "zod";
import { EdgeTypeSchema } from "../../domain/graph-edge.js";
import type { EdgeRef } from "../graph-store.js";

const RefRowSchema = z.object({
  src: z.string(),
  type: EdgeTypeSchema,
  dst: z.string(),
  section_id: z.string(),
  weight: z.number().nullable(),
  predicate: z.string().nullable(),
});

/**
 * Edges touching a set of nodes, lean: the two properties walks read are pulled out by SQLite
 * (json_extract) instead of decoding every edge's JSON, so a walk can load only what it visits.
 */
export class EdgeRefs {
  private readonly touching: Database.Statement;

  constructor(db: Database.Database) {
    const cols = `src, type, dst, section_id, json_extract(props, '$.weight') AS weight,
      json_extract(props, '$.predicate') AS predicate`;
    this.touching = db.prepare(
      `SELECT ${cols} FROM edges WHERE src IN (SELECT value FROM json_each(@ids))
         AND type IN (SELECT value FROM json_each(@types))
       UNION
       SELECT ${cols} FROM edges WHERE dst IN (SELECT value FROM json_each(@ids))
         AND type IN (SELECT value FROM json_each(@types))`,
    );
  }

  of(ids: readonly string[], types: readonly string[]): EdgeRef[] {
    if (ids.length === 0 || types.length === 0) return [];
    return this.touching.all({ ids: JSON.stringify(ids), types: JSON.stringify(types) }).map((raw) => {
      const r = RefRowSchema.parse(raw);
      const ref: EdgeRef = { src: r.src, type: r.type, dst: r.dst, section_id: r.section_id };
      if (r.weight !== null) ref.weight = r.weight;
      if (r.predicate !== null) ref.predicate = r.predicate;
      return ref;
    });
  }
}
