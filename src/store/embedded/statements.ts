import type Database from "better-sqlite3";

/** Prepared once per connection; all values are bound parameters, never spliced into SQL. */
export function createStatements(db: Database.Database) {
  return {
    upsertNode: db.prepare(
      `INSERT INTO nodes (id, label, doc_id, props) VALUES (?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET label = excluded.label, doc_id = excluded.doc_id, props = excluded.props
       RETURNING rid`,
    ),
    upsertEdge: db.prepare(
      `INSERT INTO edges (src, type, dst, section_id, doc_id, props) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (src, type, dst, section_id) DO UPDATE SET doc_id = excluded.doc_id, props = excluded.props`,
    ),
    clearStatus: db.prepare(
      `UPDATE nodes SET props = json_remove(json_set(props, '$.status', ?), '$.error')
       WHERE id = ? AND label = 'Chunk'`,
    ),
    failStatus: db.prepare(
      `UPDATE nodes SET props = json_set(props, '$.status', 'FAILED',
         '$.retry_count', json_extract(props, '$.retry_count') + ?, '$.error', ?)
       WHERE id = ? AND label = 'Chunk'`,
    ),
    ridOf: db.prepare("SELECT rid FROM nodes WHERE id = ?"),
    getNode: db.prepare("SELECT props FROM nodes WHERE id = ?"),
    getNodes: db.prepare("SELECT props FROM nodes WHERE id IN (SELECT value FROM json_each(?))"),
    docByUri: db.prepare(
      "SELECT props FROM nodes WHERE label = 'Document' AND json_extract(props, '$.uri') = ? LIMIT 1",
    ),
    deleteNode: db.prepare("DELETE FROM nodes WHERE id = ?"),
    deleteNodesOfDoc: db.prepare("DELETE FROM nodes WHERE doc_id = ?"),
    deleteEdgesWhere: db.prepare(
      "DELETE FROM edges WHERE type = ? AND (? IS NULL OR src = ?) AND (? IS NULL OR dst = ?)",
    ),
    deleteEdgesOfNode: db.prepare("DELETE FROM edges WHERE src = ? OR dst = ?"),
    deleteEdgesOfDoc: db.prepare(
      `DELETE FROM edges WHERE doc_id = ?
         OR src IN (SELECT id FROM nodes WHERE doc_id = ?)
         OR dst IN (SELECT id FROM nodes WHERE doc_id = ?)`,
    ),
    deleteVectorsOfNode: db.prepare("DELETE FROM vectors WHERE id = ?"),
    deleteVectorsOfDoc: db.prepare("DELETE FROM vectors WHERE doc_id = ?"),
    ftsInsert: db.prepare("INSERT INTO text_fts (rowid, heading, body) VALUES (?, ?, ?)"),
    ftsDelete: db.prepare("DELETE FROM text_fts WHERE rowid = ?"),
    ftsDeleteDoc: db.prepare(
      "DELETE FROM text_fts WHERE rowid IN (SELECT rid FROM nodes WHERE doc_id = ? AND label = 'Chunk')",
    ),
    workChunks: db.prepare(
      `SELECT props FROM nodes WHERE label = 'Chunk'
         AND (json_extract(props, '$.status') = 'PENDING'
              OR (json_extract(props, '$.status') = 'FAILED' AND json_extract(props, '$.retry_count') < ?))
         AND (? IS NULL OR doc_id = ?)
         AND (doc_id, json_extract(props, '$.seq')) > (?, ?)
       ORDER BY doc_id, json_extract(props, '$.seq') LIMIT ?`,
    ),
    // Headings weigh half of the body; bm25() is lower-is-better, so it is negated.
    searchText: db.prepare(
      `SELECT n.id AS id, -bm25(text_fts, 0.5, 1.0) AS score
       FROM text_fts JOIN nodes n ON n.rid = text_fts.rowid
       WHERE text_fts MATCH ? AND (? IS NULL OR n.doc_id IN (SELECT value FROM json_each(?)))
       ORDER BY bm25(text_fts, 0.5, 1.0) LIMIT ?`,
    ),
    edgesFrom: db.prepare("SELECT * FROM edges WHERE src IN (SELECT value FROM json_each(?))"),
    edgesTo: db.prepare("SELECT * FROM edges WHERE dst IN (SELECT value FROM json_each(?))"),
  };
}

export type Statements = ReturnType<typeof createStatements>;
