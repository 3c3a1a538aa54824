import Database from "better-sqlite3";

/**
 * A read-only look at an embedded store file from outside the store: the crash tests, the
 * kill-resume scenario and the retrieval bench need facts the GraphStore port does not show
 * (duplicate rows, FTS drift, progress while another process writes, the raw vector scan).
 * It lives here so raw SQL stays in src/store/embedded.
 */

/** Facts about the store file the HTTP API does not show: duplicates and the FTS index. */
export interface StoreIntegrity {
  duplicate_nodes: number;
  duplicate_edges: number;
  /** FTS rows minus chunks: 0 when every chunk is indexed once. */
  fts_drift: number;
}

export interface StoreSnapshot {
  /** `label:id`, sorted. */
  nodes: string[];
  /** `src|type|dst|section_id`, sorted. */
  edges: string[];
}

export interface ChunkProgress {
  chunks: number;
  processed: number;
}

export class StoreFileReader {
  private constructor(private readonly db: Database.Database) {}

  /** Opens `file` read-only; WAL lets it read while another process writes. Throws when missing. */
  static open(file: string): StoreFileReader {
    return new StoreFileReader(new Database(file, { readonly: true, fileMustExist: true }));
  }

  integrity(): StoreIntegrity {
    return {
      duplicate_nodes: this.one("SELECT COUNT(*) - COUNT(DISTINCT id) AS d FROM nodes"),
      duplicate_edges: this.one(
        "SELECT COUNT(*) - (SELECT COUNT(*) FROM (SELECT DISTINCT src, type, dst, section_id FROM edges)) AS d FROM edges",
      ),
      fts_drift: this.one(
        "SELECT (SELECT COUNT(*) FROM text_fts) - (SELECT COUNT(*) FROM nodes WHERE label = 'Chunk') AS d",
      ),
    };
  }

  /** Every node and edge key, sorted, to compare two stores id for id. */
  snapshot(): StoreSnapshot {
    return {
      nodes: this.column("SELECT label || ':' || id FROM nodes"),
      edges: this.column("SELECT src || '|' || type || '|' || dst || '|' || section_id FROM edges"),
    };
  }

  /** Chunks written so far and how many of them are PROCESSED. */
  chunkProgress(): ChunkProgress {
    return this.db
      .prepare(
        "SELECT COUNT(*) AS chunks, COALESCE(SUM(json_extract(props, '$.status') = 'PROCESSED'), 0) AS processed FROM nodes WHERE label = 'Chunk'",
      )
      .get() as ChunkProgress;
  }

  /** The stored vectors of one kind in rowid order, as the table holds them (no index). */
  *vectors(kind: string): Generator<{ id: string; vector: Float32Array }> {
    for (const raw of this.db.prepare("SELECT id, vec FROM vectors WHERE kind = ?").iterate(kind)) {
      const row = raw as { id: string; vec: Buffer };
      const bytes = row.vec.buffer.slice(row.vec.byteOffset, row.vec.byteOffset + row.vec.byteLength);
      yield { id: row.id, vector: new Float32Array(bytes) };
    }
  }

  close(): void {
    this.db.close();
  }

  private one(sql: string): number {
    return (this.db.prepare(sql).get() as { d: number }).d;
  }

  private column(sql: string): string[] {
    return (this.db.prepare(sql).pluck().all() as string[]).sort();
  }
}
