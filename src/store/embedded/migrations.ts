import type Database from "better-sqlite3";
import { analyze } from "../../domain/text/analyzer.js";
import { internalError } from "../../errors.js";

type Migration = string | ((db: Database.Database) => void);

/** Ordered schema migrations; `PRAGMA user_version` records how many were applied. */
const MIGRATIONS: readonly Migration[] = [
  `
  CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
  -- rid is the stable integer key shared with the FTS index (VACUUM keeps INTEGER PRIMARY KEYs).
  CREATE TABLE nodes (
    rid INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    label TEXT NOT NULL,
    doc_id TEXT NOT NULL,
    props TEXT NOT NULL
  );
  CREATE INDEX nodes_doc_label ON nodes (doc_id, label);
  CREATE INDEX nodes_label ON nodes (label);
  CREATE INDEX nodes_chunk_status ON nodes (json_extract(props, '$.status')) WHERE label = 'Chunk';
  CREATE INDEX nodes_doc_uri ON nodes (json_extract(props, '$.uri')) WHERE label = 'Document';
  CREATE TABLE edges (
    src TEXT NOT NULL,
    type TEXT NOT NULL,
    dst TEXT NOT NULL,
    section_id TEXT NOT NULL DEFAULT '',
    doc_id TEXT NOT NULL,
    props TEXT NOT NULL,
    PRIMARY KEY (src, type, dst, section_id)
  ) WITHOUT ROWID;
  CREATE INDEX edges_dst ON edges (dst, type);
  CREATE INDEX edges_doc ON edges (doc_id, type);
  CREATE VIRTUAL TABLE text_fts USING fts5 (heading, body, tokenize = 'porter unicode61 remove_diacritics 2');
  CREATE TABLE vectors (
    id TEXT NOT NULL,
    kind TEXT NOT NULL,
    doc_id TEXT NOT NULL,
    vec BLOB NOT NULL,
    PRIMARY KEY (id, kind)
  ) WITHOUT ROWID;
  CREATE INDEX vectors_kind_doc ON vectors (kind, doc_id);
  `,
  `
  CREATE TABLE embedding_cache (
    model_id TEXT NOT NULL,
    key TEXT NOT NULL,
    vec BLOB NOT NULL,
    PRIMARY KEY (model_id, key)
  ) WITHOUT ROWID;
  `,
  // BM25 over Snowball-stemmed text (English and Russian, chosen per word) instead of FTS5's
  // English-only porter tokenizer: the analyzer runs in JS, at index and query time alike.
  (db) => {
    db.exec(`DROP TABLE text_fts;
      CREATE VIRTUAL TABLE text_fts USING fts5 (heading, body, tokenize = 'unicode61 remove_diacritics 2');`);
    const insert = db.prepare("INSERT INTO text_fts (rowid, heading, body) VALUES (?, ?, ?)");
    const rows = db.prepare("SELECT rid, props FROM nodes WHERE label = 'Chunk'").iterate() as Iterable<{
      rid: number;
      props: string;
    }>;
    for (const row of rows) {
      const chunk = JSON.parse(row.props) as { text?: string; heading_path?: string[] };
      insert.run(row.rid, analyze((chunk.heading_path ?? []).join(" ")), analyze(chunk.text ?? ""));
    }
  },
  // Impact-ordered heads of the BM25 postings (bm25-heads.ts), built once the store is big.
  `
  CREATE TABLE bm25_heads (term TEXT PRIMARY KEY, postings BLOB NOT NULL);
  CREATE TABLE bm25_heads_dirty (rid INTEGER PRIMARY KEY);
  `,
];

export const SCHEMA_VERSION = MIGRATIONS.length;

export function migrate(db: Database.Database): void {
  const current = db.pragma("user_version", { simple: true }) as number;
  if (current > SCHEMA_VERSION) {
    throw internalError(
      "store_too_new",
      `store schema version ${current} is newer than this engine's (${SCHEMA_VERSION}); upgrade agentic-graph-rag`,
    );
  }
  for (let v = current; v < SCHEMA_VERSION; v++) {
    db.transaction(() => {
      const step = MIGRATIONS[v];
      if (typeof step === "string") db.exec(step);
      else step?.(db);
      db.pragma(`user_version = ${v + 1}`);
    })();
  }
}
