import neo4j from "neo4j-driver";
import { globToRegex, isGlob, type NormalizedFilter } from "../../domain/retrieval-filter.js";

/**
 * The retrieval filter as Cypher: `docs` is a subquery collecting the allowed documents' doc_id
 * into `fdocs`, `chunk` a WHERE condition on a chunk node `n`; both hold exactly when the
 * domain's `chunkPasses` does. Every value is a $parameter (names start with `f_`); the text is
 * fixed per set of filter fields.
 */
export interface CypherFilter {
  docs: string;
  chunk: string;
  params: Record<string, unknown>;
}

/** Bound compared at its own precision, as inDateRange does; a missing date fails the test. */
function dateConds(prop: string, name: string, range: { from?: string; to?: string }, out: CypherParts) {
  if (range.from) {
    out.conds.push(`substring(d.${prop}, 0, size($f_${name}_from)) >= $f_${name}_from`);
    out.params[`f_${name}_from`] = range.from;
  }
  if (range.to) {
    out.conds.push(`substring(d.${prop}, 0, size($f_${name}_to)) <= $f_${name}_to`);
    out.params[`f_${name}_to`] = range.to;
  }
  out.conds.push(`d.${prop} IS NOT NULL`);
}

interface CypherParts {
  conds: string[];
  params: Record<string, unknown>;
}

export function cypherFilter(filter: NormalizedFilter): CypherFilter {
  const doc: CypherParts = { conds: [], params: {} };
  if (filter.uris) {
    doc.conds.push("(d.uri IN $f_uris OR any(re IN $f_uri_res WHERE d.uri =~ re))");
    doc.params.f_uris = filter.uris.filter((u) => !isGlob(u));
    doc.params.f_uri_res = filter.uris.filter(isGlob).map(globToRegex);
  }
  if (filter.kinds) {
    doc.conds.push("d.kind IN $f_kinds");
    doc.params.f_kinds = filter.kinds;
  }
  if (filter.published) dateConds("published_at", "pub", filter.published, doc);
  if (filter.modified) dateConds("last_modified", "mod", filter.modified, doc);
  const where = doc.conds.length > 0 ? ` WHERE ${doc.conds.join(" AND ")}` : "";
  const docs = `CALL () { MATCH (d:Document)${where} RETURN collect(d.doc_id) AS fdocs } `;

  const chunk: CypherParts = { conds: ["n:Chunk", "n.doc_id IN fdocs"], params: doc.params };
  if (filter.pages) {
    chunk.conds.push("n.page_start IS NOT NULL");
    if (filter.pages.from !== undefined) {
      chunk.conds.push("coalesce(n.page_end, n.page_start) >= $f_page_from");
      chunk.params.f_page_from = neo4j.int(filter.pages.from);
    }
    if (filter.pages.to !== undefined) {
      chunk.conds.push("n.page_start <= $f_page_to");
      chunk.params.f_page_to = neo4j.int(filter.pages.to);
    }
  }
  if (filter.sections) {
    // Each segment starts the heading (trimmed, lower-cased) and is followed by no letter or digit.
    chunk.conds.push(
      "any(sec IN $f_sections WHERE size(sec) <= size(coalesce(n.heading_path, [])) AND " +
        "all(i IN range(0, size(sec) - 1) WHERE toLower(trim(n.heading_path[i])) STARTS WITH sec[i] AND " +
        "NOT substring(toLower(trim(n.heading_path[i])), size(sec[i]), 1) =~ $f_alnum))",
    );
    chunk.params.f_sections = filter.sections;
    chunk.params.f_alnum = "[\\p{L}\\p{N}]";
  }
  return { docs, chunk: chunk.conds.join(" AND "), params: chunk.params };
}

/** BM25 (Lucene) over the allowed chunks only. */
export const searchTextFiltered = (f: CypherFilter): string =>
  `${f.docs}CALL db.index.fulltext.queryNodes('agr_text_v2', $query) YIELD node AS n, score ` +
  `WHERE ($docs IS NULL OR n.doc_id IN $docs) AND ${f.chunk} ` +
  "RETURN n.id AS id, score ORDER BY score DESC, id LIMIT $k";

/**
 * Exact cosine over the allowed chunks' vectors: `db.index.vector.queryNodes` cannot prefilter,
 * and growing its k until k allowed hits appear can take many rounds for a narrow filter.
 */
export const searchVectorsFiltered = (f: CypherFilter): string =>
  `${f.docs}UNWIND fdocs AS fd MATCH (n:Node {doc_id: fd}) ` +
  `WHERE n[$prop] IS NOT NULL AND ($docs IS NULL OR n.doc_id IN $docs) AND ${f.chunk} ` +
  "WITH n, vector.similarity.cosine(n[$prop], $vec) AS score " +
  "RETURN n.id AS id, score ORDER BY score DESC, id LIMIT $k";

/** The given ids that are allowed chunks. */
export const allowedChunksCypher = (f: CypherFilter): string =>
  `${f.docs}UNWIND $ids AS id MATCH (n:Node {id: id}) WHERE ${f.chunk} RETURN n.id AS id`;
