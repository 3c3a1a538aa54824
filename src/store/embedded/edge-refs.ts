import type Database from "better-sqlite3";
import { z } from "zod";
import { EdgeTypeSchema } from "../../domain/graph-edge.js";
import type { EdgeRef } from "../graph-store.js";

const RefRowSchema = z.tuple([
  z.string(),
  EdgeTypeSchema,
  z.string(),
  z.string(),
  z.number().nullable(),
  z.string().nullable(),
]);
const EDGE_TYPES: ReadonlySet<unknown> = new Set(EdgeTypeSchema.options);

/**
 * One row of `touching`: checked by hand on the common shape (zod per row was a third of a
 * walk's edge reads), by the schema when anything is off, so a bad row still fails loudly.
 */
function refRow(raw: unknown) {
  if (
    Array.isArray(raw) &&
    raw.length === 6 &&
    typeof raw[0] === "string" &&
    EDGE_TYPES.has(raw[1]) &&
    typeof raw[2] === "string" &&
    typeof raw[3] === "string" &&
    (raw[4] === null || typeof raw[4] === "number") &&
    (raw[5] === null || typeof raw[5] === "string")
  ) {
    const [src, type, dst, section_id, weight, predicate] = raw as z.infer<typeof RefRowSchema>;
    return { src, type, dst, section_id, weight, predicate };
  }
  const [src, type, dst, section_id, weight, predicate] = RefRowSchema.parse(raw);
  return { src, type, dst, section_id, weight, predicate };
}

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
    // Each direction counted up to @cap rows (-1: no limit), so a hub costs cap rows, not its degree.
    this.counts = db.prepare(
      `SELECT j.value AS id,
         (SELECT count(*) FROM (SELECT 1 FROM edges WHERE src = j.value
           AND type IN (SELECT value FROM json_each(@types)) LIMIT @cap))
         + (SELECT count(*) FROM (SELECT 1 FROM edges WHERE dst = j.value
           AND type IN (SELECT value FROM json_each(@types)) LIMIT @cap)) AS n
       FROM json_each(@ids) j`,
    );
    // UNION ALL and rows as arrays: a walk reads thousands of edges, and UNION's sort and one
    // object per row were most of the read; an edge inside the set comes twice, dropped in of().
    // Inbound edges of the @bare types come from the covering dst index alone (no props): on a
    // big store each inbound row's props sit on another page of the table (its src's), so a
    // passage's dozen inbound mentions were a dozen scattered page reads instead of one.
    this.touching = db
      .prepare(
        `SELECT ${cols} FROM edges WHERE src IN (SELECT value FROM json_each(@ids))
           AND type IN (SELECT value FROM json_each(@types))
         UNION ALL
         SELECT ${cols} FROM edges WHERE dst IN (SELECT value FROM json_each(@ids))
           AND type IN (SELECT value FROM json_each(@full))
         UNION ALL
         SELECT src, type, dst, section_id, NULL, NULL FROM edges
           WHERE dst IN (SELECT value FROM json_each(@ids)) AND type IN (SELECT value FROM json_each(@bare))`,
      )
      .raw();
  }

  /**
   * Edges of `types` per id, counted on the primary key and the dst index (no row decoded); with
   * `cap`, at most cap (each direction stops there: cap or more means at least cap).
   */
  countsOf(ids: readonly string[], types: readonly string[], cap?: number): Map<string, number> {
    if (ids.length === 0) return new Map();
    const limit = cap === undefined ? -1 : Math.max(0, Math.ceil(cap));
    const rows = this.counts.all({ ids: JSON.stringify(ids), types: JSON.stringify(types), cap: limit });
    return new Map(
      rows.map((raw) => {
        const r = CountSchema.parse(raw);
        return [r.id, limit < 0 ? r.n : Math.min(r.n, limit)];
      }),
    );
  }

  /** Edges of `types` touching `ids`; inbound edges of the `bare` types without weight or predicate. */
  of(ids: readonly string[], types: readonly string[], bare: readonly string[] = []): EdgeRef[] {
    if (ids.length === 0 || types.length === 0) return [];
    const inSet = new Set(ids);
    const twice = new Set<string>();
    const out: EdgeRef[] = [];
    const lean = new Set(bare);
    const rows = this.touching.all({
      ids: JSON.stringify(ids),
      types: JSON.stringify(types),
      full: JSON.stringify(types.filter((t) => !lean.has(t))),
      bare: JSON.stringify(types.filter((t) => lean.has(t))),
    });
    // Outbound rows come first, so an edge inside the set keeps its outbound copy (with its props).
    for (const raw of rows) {
      const r = refRow(raw);
      if (inSet.has(r.src) && inSet.has(r.dst)) {
        const key = `${r.src}\u0000${r.type}\u0000${r.dst}\u0000${r.section_id}`;
        if (twice.has(key)) continue;
        twice.add(key);
      }
      const ref: EdgeRef = { src: r.src, type: r.type, dst: r.dst, section_id: r.section_id };
      if (r.weight !== null) ref.weight = r.weight;
      if (r.predicate !== null) ref.predicate = r.predicate;
      out.push(ref);
    }
    return out;
  }
}
