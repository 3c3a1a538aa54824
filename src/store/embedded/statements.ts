import type Database from "better-sqlite3";
import { z } from "zod";
import type { GraphEdge } from "../../domain/graph-edge.js";
import type { GraphNode } from "../../domain/graph-node.js";
import { decodeEdge, decodeNode } from "./rows.js";

/**
 * What the store calls on a prepared statement. Named here because the type better-sqlite3's
 * typings infer is internal to them, and the emitted .d.ts (npm run build) must name it.
 */
export interface Prepared {
  run(...params: unknown[]): Database.RunResult;
  get(...params: unknown[]): unknown;
  all(...params: unknown[]): unknown[];
}

/** Prepared once per connection; all values are bound parameters, never spliced into SQL. */
export function createStatements(db: Database.Database) {
  const prepare = (sql: string): Prepared => db.prepare(sql);
  return {
    // Chunks: the rid keys their FTS row.
    upsertNode: prepare(
      `INSERT INTO nodes (id, label, doc_id, props) VALUES (?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET label = excluded.label, doc_id = excluded.doc_id, props = excluded.props
       RETURNING rid`,
    ),
    // Other nodes: a row that would not change is left alone (no page of it or its indexes dirtied).
    upsertNodeQuiet: prepare(
      `INSERT INTO nodes (id, label, doc_id, props) VALUES (?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET label = excluded.label, doc_id = excluded.doc_id, props = excluded.props
       WHERE nodes.label IS NOT excluded.label OR nodes.doc_id IS NOT excluded.doc_id
         OR nodes.props IS NOT excluded.props`,
    ),
    upsertEdge: prepare(
      `INSERT INTO edges (src, type, dst, section_id, doc_id, props) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (src, type, dst, section_id) DO UPDATE SET doc_id = excluded.doc_id, props = excluded.props
       WHERE edges.doc_id IS NOT excluded.doc_id OR edges.props IS NOT excluded.props`,
    ),
    clearStatus: prepare(
      `UPDATE nodes SET props = json_remove(json_set(props, '$.status', ?), '$.error')
       WHERE id = ? AND label = 'Chunk'`,
    ),
    failStatus: prepare(
      `UPDATE nodes SET props = json_set(props, '$.status', 'FAILED',
         '$.retry_count', json_extract(props, '$.retry_count') + ?, '$.error', ?)
       WHERE id = ? AND label = 'Chunk'`,
    ),
    ridOf: prepare("SELECT rid FROM nodes WHERE id = ?"),
    getNode: prepare("SELECT props FROM nodes WHERE id = ?"),
    getNodes: prepare("SELECT props FROM nodes WHERE id IN (SELECT value FROM json_each(?))"),
    docByUri: prepare(
      "SELECT props FROM nodes WHERE label = 'Document' AND json_extract(props, '$.uri') = ? LIMIT 1",
    ),
    deleteNode: prepare("DELETE FROM nodes WHERE id = ?"),
    deleteNodesOfDoc: prepare("DELETE FROM nodes WHERE doc_id = ?"),
    deleteEdgesWhere: prepare(
      "DELETE FROM edges WHERE type = ? AND (? IS NULL OR src = ?) AND (? IS NULL OR dst = ?)",
    ),
    deleteEdgesOfNode: prepare("DELETE FROM edges WHERE src = ? OR dst = ?"),
    deleteEdgesOfDoc: prepare(
      `DELETE FROM edges WHERE doc_id = ?
         OR src IN (SELECT id FROM nodes WHERE doc_id = ?)
         OR dst IN (SELECT id FROM nodes WHERE doc_id = ?)`,
    ),
    deleteVectorsOfNode: prepare("DELETE FROM vectors WHERE id = ?"),
    deleteVectorsOfDoc: prepare("DELETE FROM vectors WHERE doc_id = ?"),
    ftsInsert: prepare("INSERT INTO text_fts (rowid, heading, body) VALUES (?, ?, ?)"),
    ftsDelete: prepare("DELETE FROM text_fts WHERE rowid = ?"),
    ftsDeleteDoc: prepare(
      "DELETE FROM text_fts WHERE rowid IN (SELECT rid FROM nodes WHERE doc_id = ? AND label = 'Chunk')",
    ),
    workChunks: prepare(
      `SELECT props FROM nodes WHERE label = 'Chunk'
         AND (json_extract(props, '$.status') = 'PENDING'
              OR (json_extract(props, '$.status') = 'FAILED' AND json_extract(props, '$.retry_count') < ?))
         AND (? IS NULL OR doc_id = ?)
         AND (doc_id, json_extract(props, '$.seq')) > (?, ?)
       ORDER BY doc_id, json_extract(props, '$.seq') LIMIT ?`,
    ),
    // Headings weigh half of the body; bm25() is lower-is-better, so it is negated.
    searchText: prepare(
      `SELECT n.id AS id, -bm25(text_fts, 0.5, 1.0) AS score
       FROM text_fts JOIN nodes n ON n.rid = text_fts.rowid
       WHERE text_fts MATCH ? AND (? IS NULL OR n.doc_id IN (SELECT value FROM json_each(?)))
       ORDER BY bm25(text_fts, 0.5, 1.0) LIMIT ?`,
    ),
    edgesFrom: prepare("SELECT * FROM edges WHERE src IN (SELECT value FROM json_each(?))"),
    edgesTo: prepare("SELECT * FROM edges WHERE dst IN (SELECT value FROM json_each(?))"),
  };
}

export type Statements = ReturnType<typeof createStatements>;

/** The position after which an edge page starts: the edges table's primary key. */
export type EdgeKey = Pick<GraphEdge, "src" | "type" | "dst" | "section_id">;

export interface ExportSizes {
  nodes: number;
  edges: number;
  vectors: number;
  embedding_cache: number;
}

export interface CacheExportRow {
  model_id: string;
  key: string;
  vector: Float32Array;
}

const RidRowSchema = z.object({ rid: z.number().int() });
const VecRowSchema = z.object({ id: z.string(), vec: z.instanceof(Buffer) });
const CacheRowSchema = z.object({ model_id: z.string(), key: z.string(), vec: z.instanceof(Buffer) });
const SizesSchema = z.object({
  nodes: z.number(),
  edges: z.number(),
  vectors: z.number(),
  embedding_cache: z.number(),
});

/** A copy, so the vector outlives the row's Buffer and is 4-byte aligned. */
const blobVector = (buf: Buffer): Float32Array =>
  new Float32Array(Uint8Array.prototype.slice.call(buf).buffer);

/**
 * Read-only, keyset-paged reads of every table (for `agr migrate`): each page starts after the
 * last key of the previous one, so a copy runs in constant memory.
 */
export function createExportReader(db: Database.Database) {
  const nodes = db.prepare("SELECT rid, props FROM nodes WHERE rid > ? ORDER BY rid LIMIT ?");
  const edges = db.prepare(
    `SELECT * FROM edges WHERE (src, type, dst, section_id) > (?, ?, ?, ?)
     ORDER BY src, type, dst, section_id LIMIT ?`,
  );
  const kinds = db.prepare("SELECT DISTINCT kind FROM vectors ORDER BY kind");
  const vectors = db.prepare("SELECT id, vec FROM vectors WHERE kind = ? AND id > ? ORDER BY id LIMIT ?");
  const cache = db.prepare(
    `SELECT model_id, key, vec FROM embedding_cache WHERE (model_id, key) > (?, ?)
     ORDER BY model_id, key LIMIT ?`,
  );
  const sizes = db.prepare(
    `SELECT (SELECT COUNT(*) FROM nodes) AS nodes, (SELECT COUNT(*) FROM edges) AS edges,
       (SELECT COUNT(*) FROM vectors) AS vectors, (SELECT COUNT(*) FROM embedding_cache) AS embedding_cache`,
  );
  return {
    sizes: (): ExportSizes => SizesSchema.parse(sizes.get()),
    nodes: (afterRid: number, limit: number): Array<{ rid: number; node: GraphNode }> =>
      nodes.all(afterRid, limit).map((r) => ({ rid: RidRowSchema.parse(r).rid, node: decodeNode(r) })),
    // SQLite sorts every INTEGER before any TEXT: -1 is "before the first key" (even "").
    edges: (after: EdgeKey | null, limit: number): GraphEdge[] => {
      const params = after ? [after.src, after.type, after.dst, after.section_id] : [-1, -1, -1, -1];
      return edges.all(...params, limit).map(decodeEdge);
    },
    vectorKinds: (): string[] => kinds.all().map((r) => z.object({ kind: z.string() }).parse(r).kind),
    vectors: (
      kind: string,
      afterId: string | null,
      limit: number,
    ): Array<{ id: string; vector: Float32Array }> =>
      vectors.all(kind, afterId ?? -1, limit).map((r) => {
        const row = VecRowSchema.parse(r);
        return { id: row.id, vector: blobVector(row.vec) };
      }),
    embeddingCache: (after: { model_id: string; key: string } | null, limit: number): CacheExportRow[] =>
      cache.all(after?.model_id ?? -1, after?.key ?? -1, limit).map((r) => {
        const row = CacheRowSchema.parse(r);
        return { model_id: row.model_id, key: row.key, vector: blobVector(row.vec) };
      }),
  };
}

export type ExportReader = ReturnType<typeof createExportReader>;
