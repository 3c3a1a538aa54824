import type Database from "better-sqlite3";
import { z } from "zod";
import type { NormalizedFilter } from "../../domain/retrieval-filter.js";
import type { ScoredId } from "../graph-store.js";
import { chunkFilterSql, registerFilterFunctions, type SqlParam } from "./filter-sql.js";

const ScoredRowSchema = z.object({ id: z.string(), score: z.number() });
const IdRowSchema = z.object({ id: z.string() });
const RidRowSchema = z.object({ rid: z.number().int() });

/**
 * The filtered reads of the embedded store: the filter is part of each query's WHERE, so SQLite
 * ranks only allowed chunks. Statements differ by which filter fields are set; each distinct
 * text is prepared once.
 */
export class FilteredSearch {
  private readonly prepared = new Map<string, Database.Statement>();

  constructor(private readonly db: Database.Database) {
    registerFilterFunctions(db);
  }

  private statement(sql: string): Database.Statement {
    let st = this.prepared.get(sql);
    if (!st) {
      st = this.db.prepare(sql);
      if (this.prepared.size > 200) this.prepared.clear();
      this.prepared.set(sql, st);
    }
    return st;
  }

  /**
   * FTS5's own bm25() ranking over the matches that pass the filter (MaxScore's bounds are over
   * the whole index, so they would prune allowed rows against scores of rows the filter drops).
   */
  text(match: string, filter: NormalizedFilter, k: number, docIds?: readonly string[]): ScoredId[] {
    const where = chunkFilterSql(filter, "n");
    const docs = docIds ? JSON.stringify(docIds) : null;
    const sql = `SELECT n.id AS id, -bm25(text_fts, 0.5, 1.0) AS score
       FROM text_fts JOIN nodes n ON n.rid = text_fts.rowid
       WHERE text_fts MATCH ? AND (? IS NULL OR n.doc_id IN (SELECT value FROM json_each(?)))
         AND ${where.sql}
       ORDER BY bm25(text_fts, 0.5, 1.0) LIMIT ?`;
    const params: SqlParam[] = [match];
    return this.statement(sql)
      .all(...params, docs, docs, ...where.params, k)
      .map((r) => ScoredRowSchema.parse(r));
  }

  /** The rids (vector matrix keys) of every chunk the filter allows, optionally within documents. */
  rids(filter: NormalizedFilter, docIds?: readonly string[]): number[] {
    const where = chunkFilterSql(filter, "n");
    const docs = docIds ? JSON.stringify(docIds) : null;
    const sql = `SELECT n.rid AS rid FROM nodes n
       WHERE (? IS NULL OR n.doc_id IN (SELECT value FROM json_each(?))) AND ${where.sql}`;
    return this.statement(sql)
      .all(docs, docs, ...where.params)
      .map((r) => RidRowSchema.parse(r).rid);
  }

  /** The given ids that are chunks the filter allows, in the given order. */
  allowed(ids: readonly string[], filter: NormalizedFilter): string[] {
    if (ids.length === 0) return [];
    const where = chunkFilterSql(filter, "n");
    const sql = `SELECT n.id AS id FROM nodes n
       WHERE n.id IN (SELECT value FROM json_each(?)) AND ${where.sql}`;
    const pass = new Set(
      this.statement(sql)
        .all(JSON.stringify(ids), ...where.params)
        .map((r) => IdRowSchema.parse(r).id),
    );
    return ids.filter((id) => pass.has(id));
  }
}
