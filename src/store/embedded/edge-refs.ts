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

const CountSchema = z.object({ id: z.string(), n: z.number() });

/**
 * Edges touching a set of nodes, lean: the two properties walks read are pulled out by SQLite
 * (json_extract) instead of decoding every edge's JSON, so a walk can load only what it visits.
 */
export class EdgeRefs {
  private readonly touching: Database.Statement;
  private readonly counts: Database.Statement;

  constructor(db: Database.Database) {
    const cols = `src, type, dst, section_id, json_extract(props, '$.weight') AS weight,
      json_extract(props, '$.predicate') AS predicate`;
    this.counts = db.prepare(
      `SELECT j.value AS id,
         (SELECT count(*) FROM edges WHERE src = j.value AND type IN (SELECT value FROM json_each(@types)))
         + (SELECT count(*) FROM edges WHERE dst = j.value AND type IN (SELECT value FROM json_each(@types))) AS n
       FROM json_each(@ids) j`,
    );
    this.touching = db.prepare(
      `SELECT ${cols} FROM edges WHERE src IN (SELECT value FROM json_each(@ids))
         AND type IN (SELECT value FROM json_each(@types))
       UNION
       SELECT ${cols} FROM edges WHERE dst IN (SELECT value FROM json_each(@ids))
         AND type IN (SELECT value FROM json_each(@types))`,
    );
  }

  /** Edges of `types` per id, counted on the primary key and the dst index (no row decoded). */
  countsOf(ids: readonly string[], types: readonly string[]): Map<string, number> {
    if (ids.length === 0) return new Map();
    const rows = this.counts.all({ ids: JSON.stringify(ids), types: JSON.stringify(types) });
    return new Map(
      rows.map((raw) => {
        const r = CountSchema.parse(raw);
        return [r.id, r.n];
      }),
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
