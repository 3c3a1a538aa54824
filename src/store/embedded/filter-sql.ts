import type Database from "better-sqlite3";
import {
  type DateRange,
  headingPathMatches,
  type NormalizedFilter,
  uriMatches,
} from "../../domain/retrieval-filter.js";

export type SqlParam = string | number;

/**
 * SQL functions for the two tests plain SQLite cannot state the way the domain defines them:
 * a URI glob (`*` crosses `/`, unlike GLOB's classes) and a heading path prefix (Unicode
 * lower-casing, a word boundary after each segment). Both call the domain's own predicates.
 */
export function registerFilterFunctions(db: Database.Database): void {
  db.function("agr_uri_match", { deterministic: true }, (patterns: unknown, uri: unknown) => {
    if (typeof patterns !== "string" || typeof uri !== "string") return 0;
    const list = JSON.parse(patterns) as string[];
    return list.some((p) => uriMatches(p, uri)) ? 1 : 0;
  });
  db.function("agr_heading_match", { deterministic: true }, (path: unknown, sections: unknown) => {
    if (typeof sections !== "string") return 0;
    const headings = typeof path === "string" ? (JSON.parse(path) as string[]) : [];
    const list = JSON.parse(sections) as string[][];
    return list.some((s) => headingPathMatches(headings, s)) ? 1 : 0;
  });
}

const prop = (alias: string, key: string) => `json_extract(${alias}.props, '$.${key}')`;

/** A date bound compares at its own precision (see inDateRange); a missing date never passes. */
function dateRange(column: string, range: DateRange, out: { sql: string[]; params: SqlParam[] }): void {
  if (range.from) {
    out.sql.push(`substr(${column}, 1, ?) >= ?`);
    out.params.push(range.from.length, range.from);
  }
  if (range.to) {
    out.sql.push(`substr(${column}, 1, ?) <= ?`);
    out.params.push(range.to.length, range.to);
  }
}

/**
 * A WHERE condition on chunk rows of `nodes` (aliased `alias`) that holds exactly when the
 * domain's `chunkPasses` does; every value is a bound parameter.
 */
export function chunkFilterSql(filter: NormalizedFilter, alias = "n"): { sql: string; params: SqlParam[] } {
  const doc = { sql: [] as string[], params: [] as SqlParam[] };
  if (filter.uris) {
    doc.sql.push(`agr_uri_match(?, ${prop("d", "uri")}) = 1`);
    doc.params.push(JSON.stringify(filter.uris));
  }
  if (filter.kinds) {
    doc.sql.push(`${prop("d", "kind")} IN (SELECT value FROM json_each(?))`);
    doc.params.push(JSON.stringify(filter.kinds));
  }
  if (filter.published) dateRange(prop("d", "published_at"), filter.published, doc);
  if (filter.modified) dateRange(prop("d", "last_modified"), filter.modified, doc);

  const out = { sql: [`${alias}.label = 'Chunk'`], params: [] as SqlParam[] };
  if (doc.sql.length > 0) {
    out.sql.push(
      `${alias}.doc_id IN (SELECT d.doc_id FROM nodes d WHERE d.label = 'Document' AND ${doc.sql.join(" AND ")})`,
    );
    out.params.push(...doc.params);
  }
  if (filter.pages) {
    const start = prop(alias, "page_start");
    out.sql.push(`${start} IS NOT NULL`);
    if (filter.pages.from !== undefined) {
      out.sql.push(`coalesce(${prop(alias, "page_end")}, ${start}) >= ?`);
      out.params.push(filter.pages.from);
    }
    if (filter.pages.to !== undefined) {
      out.sql.push(`${start} <= ?`);
      out.params.push(filter.pages.to);
    }
  }
  if (filter.sections) {
    out.sql.push(`agr_heading_match(${prop(alias, "heading_path")}, ?) = 1`);
    out.params.push(JSON.stringify(filter.sections));
  }
  return { sql: out.sql.join(" AND "), params: out.params };
}
