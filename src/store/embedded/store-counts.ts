import type Database from "better-sqlite3";
import type { ChunkStatus } from "../../domain/chunk.js";
import type { EdgeType } from "../../domain/graph-edge.js";
import type { NodeLabel } from "../../domain/graph-node.js";
import type { StoreCounts } from "../graph-store.js";
import { CountRowSchema } from "./rows.js";

/** Nodes per label, edges per type, chunks per status and synthetic sections, per document. */
export function storeCounts(db: Database.Database): StoreCounts {
  const rows = (sql: string) =>
    db
      .prepare(sql)
      .all()
      .map((r) => CountRowSchema.parse(r));
  return {
    nodes: rows("SELECT doc_id, label AS key, COUNT(*) AS count FROM nodes GROUP BY doc_id, label").map(
      (r) => ({ doc_id: r.doc_id, label: r.key as NodeLabel, count: r.count }),
    ),
    edges: rows("SELECT doc_id, type AS key, COUNT(*) AS count FROM edges GROUP BY doc_id, type").map(
      (r) => ({
        doc_id: r.doc_id,
        type: r.key as EdgeType,
        count: r.count,
      }),
    ),
    chunk_status: rows(
      "SELECT doc_id, json_extract(props, '$.status') AS key, COUNT(*) AS count FROM nodes WHERE label = 'Chunk' GROUP BY doc_id, key",
    ).map((r) => ({ doc_id: r.doc_id, status: r.key as ChunkStatus, count: r.count })),
    synthetic_sections: rows(
      "SELECT doc_id, 'synthetic' AS key, COUNT(*) AS count FROM nodes WHERE label = 'Section' AND json_extract(props, '$.synthetic') = 1 GROUP BY doc_id",
    ).map((r) => ({ doc_id: r.doc_id, count: r.count })),
  };
}
