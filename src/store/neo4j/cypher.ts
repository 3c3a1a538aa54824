import { type EdgeType, EdgeTypeSchema } from "../../domain/graph-edge.js";
import { NODE_LABELS, type NodeLabel } from "../../domain/graph-node.js";
import { userError } from "../../errors.js";

/**
 * Every Cypher string of the Neo4j adapter. Values are always $parameters; the only text spliced
 * in is a node label or relationship type that passed the closed zod enums below, and a vector
 * kind that passed `vectorKind` (index DDL cannot take parameters).
 *
 * Layout: each node has the label :Node (unique `id`) plus its domain label; domain properties
 * are stored as they are, internal ones start with "_" (`_rid` insertion order, `_json` names
 * of JSON-encoded properties, `_fts_*` analysed text, `_vec_<kind>` vectors).
 */

export const label = (l: NodeLabel): NodeLabel => {
  if (!NODE_LABELS.includes(l)) throw userError("bad_label", `unknown node label: ${String(l)}`);
  return l;
};
export const relType = (t: EdgeType): EdgeType => EdgeTypeSchema.parse(t);

/** A vector kind becomes part of an index and property name, so only identifiers pass. */
export function vectorKind(kind: string): { index: string; prop: string } {
  if (!/^[A-Za-z][A-Za-z0-9_]{0,62}$/.test(kind))
    throw userError("bad_vector_kind", `invalid vector kind: ${kind}`);
  return { index: `agr_vec_${kind}`, prop: `_vec_${kind}` };
}

/** A node as a list of [key, value] pairs without internal properties (vectors stay in the DB). */
const NODE_OUT = "[k IN keys(n) WHERE NOT k STARTS WITH '_' | [k, n[k]]] AS props, n._json AS json";
const EDGE_OUT = "a.id AS src, type(r) AS type, b.id AS dst, properties(r) AS props";

// ---- schema -------------------------------------------------------------------------------------

export const SHOW_INDEXES = "SHOW INDEXES YIELD name, type, options RETURN name, type, options";
export const SHOW_CONSTRAINTS = "SHOW CONSTRAINTS YIELD name RETURN name";
export const AWAIT_INDEXES = "CALL db.awaitIndexes(300)";
export const AWAIT_INDEX = "CALL db.awaitIndex($name, 300)";
export const dropIndex = (name: string) => `DROP INDEX \`${name.replaceAll("`", "")}\` IF EXISTS`;

/** Name → DDL of every constraint and index the store needs besides vector indexes. */
export const SCHEMA: ReadonlyArray<{ name: string; cypher: string }> = [
  {
    name: "agr_node_id",
    cypher: "CREATE CONSTRAINT agr_node_id IF NOT EXISTS FOR (n:Node) REQUIRE n.id IS UNIQUE",
  },
  {
    name: "agr_meta_key",
    cypher: "CREATE CONSTRAINT agr_meta_key IF NOT EXISTS FOR (m:AgrMeta) REQUIRE m.key IS UNIQUE",
  },
  {
    name: "agr_embedding_key",
    cypher: "CREATE CONSTRAINT agr_embedding_key IF NOT EXISTS FOR (c:AgrEmbedding) REQUIRE c.ck IS UNIQUE",
  },
  { name: "agr_node_doc", cypher: "CREATE INDEX agr_node_doc IF NOT EXISTS FOR (n:Node) ON (n.doc_id)" },
  {
    name: "agr_document_uri",
    cypher: "CREATE INDEX agr_document_uri IF NOT EXISTS FOR (n:Document) ON (n.uri)",
  },
  {
    name: "agr_chunk_status",
    cypher: "CREATE INDEX agr_chunk_status IF NOT EXISTS FOR (n:Chunk) ON (n.status)",
  },
  {
    // Text is analysed (stemmed, folded) in JS exactly as for the embedded store; Lucene only splits it.
    name: "agr_text_v2",
    cypher:
      "CREATE FULLTEXT INDEX agr_text_v2 IF NOT EXISTS FOR (n:Chunk) ON EACH [n._fts_text] " +
      "OPTIONS {indexConfig: {`fulltext.analyzer`: 'whitespace'}}",
  },
  // deleteDocument finds edges a document produced between shared nodes (entities) by doc_id.
  ...EdgeTypeSchema.options.map((t) => ({
    name: `agr_rel_doc_${t}`,
    cypher: `CREATE INDEX agr_rel_doc_${t} IF NOT EXISTS FOR ()-[r:${t}]-() ON (r.doc_id)`,
  })),
];

export function createVectorIndex(kind: string, dim: number): string {
  if (!Number.isInteger(dim) || dim < 1 || dim > 4096) throw userError("vector_dim", `bad dimension ${dim}`);
  const { index, prop } = vectorKind(kind);
  return (
    `CREATE VECTOR INDEX ${index} IF NOT EXISTS FOR (n:Node) ON n.${prop} ` +
    // Quantization (on by default since 5.23) ranks with compressed vectors: off, so the index
    // ranks like the embedded store's exact cosine (same top-k on the same vectors).
    `OPTIONS {indexConfig: {\`vector.dimensions\`: ${dim}, \`vector.similarity_function\`: 'cosine', ` +
    "`vector.quantization.enabled`: false}}"
  );
}

// ---- writes -------------------------------------------------------------------------------------

/** Reserves `$n` insertion numbers; returns the first (nodes keep theirs on update, like SQLite's rid). */
export const RESERVE_RIDS =
  "MERGE (m:AgrMeta {key: 'rid'}) ON CREATE SET m.value = 0 " +
  "WITH m, m.value AS base SET m.value = base + $n RETURN base";

/** Edges a document produced, found through the per-type doc_id indexes, plus its nodes. */
export const DELETE_DOCUMENT_EDGES =
  "CALL { " +
  EdgeTypeSchema.options
    .map((t) => `UNWIND $docs AS d MATCH ()-[r:${t} {doc_id: d}]->() RETURN r`)
    .join(" UNION ALL ") +
  " } DELETE r";
export const DELETE_DOCUMENT_NODES =
  "UNWIND $docs AS d MATCH (n:Node {doc_id: d}) DETACH DELETE n RETURN count(*) AS deleted";
export const DELETE_NODES = "UNWIND $ids AS id MATCH (n:Node {id: id}) DETACH DELETE n";

export function deleteEdges(type: EdgeType, src: boolean, dst: boolean): string {
  const t = relType(type);
  if (src) return `MATCH (a:Node {id: $src})-[r:${t}]->(b) WHERE $dst IS NULL OR b.id = $dst DELETE r`;
  if (dst) return `MATCH (a)-[r:${t}]->(b:Node {id: $dst}) DELETE r`;
  return `MATCH ()-[r:${t}]->() DELETE r`;
}

export const DELETE_VECTORS_OF =
  "UNWIND $ids AS id MATCH (n:Node {id: id}) WHERE n[$prop] IS NOT NULL SET n[$prop] = null";
export const DELETE_VECTORS_ALL = "MATCH (n:Node) WHERE n[$prop] IS NOT NULL SET n[$prop] = null";

/** `props` carries every property of the label (null removes one), so an upsert replaces the node but keeps its vectors. */
export function upsertNodes(l: NodeLabel): string {
  const others = NODE_LABELS.filter((x) => x !== label(l));
  return (
    "UNWIND $rows AS row MERGE (n:Node {id: row.id}) ON CREATE SET n._rid = row.rid " +
    `SET n += row.props, n:${l} REMOVE n:${others.join(":")}`
  );
}

/** The MERGE key is (src, type, dst, section_id); returns how many rows found both endpoints. */
export const upsertEdges = (type: EdgeType) =>
  "UNWIND $rows AS row MATCH (a:Node {id: row.src}) MATCH (b:Node {id: row.dst}) " +
  `MERGE (a)-[r:${relType(type)} {section_id: row.section_id}]->(b) SET r = row.props RETURN count(*) AS written`;

export const SET_VECTOR_MODEL =
  "MERGE (m:AgrMeta {key: 'vector_model'}) ON CREATE SET m.value = $model RETURN m.value AS value";
export const GET_VECTOR_MODEL = "MATCH (m:AgrMeta {key: 'vector_model'}) RETURN m.value AS value";
export const UPSERT_VECTORS =
  "UNWIND $rows AS row MATCH (n:Node {id: row.id}) SET n[$prop] = row.vec RETURN count(*) AS written";
export const PUT_EMBEDDINGS =
  "UNWIND $rows AS row MERGE (c:AgrEmbedding {ck: row.ck}) SET c.model_id = $model, c.key = row.key, c.vec = row.vec";

/** Applied in order, so two updates of one chunk in a batch behave as two statements. */
export const CHUNK_STATUS =
  "UNWIND $rows AS u MATCH (c:Node {id: u.id}) WHERE c:Chunk " +
  "FOREACH (_ IN CASE WHEN u.status = 'FAILED' THEN [1] ELSE [] END | " +
  "SET c.status = 'FAILED', c.retry_count = c.retry_count + u.inc, c.error = u.error) " +
  "FOREACH (_ IN CASE WHEN u.status = 'FAILED' THEN [] ELSE [1] END | SET c.status = u.status, c.error = null)";

export const PRUNE_ORPHANS = (l: "Entity") =>
  `MATCH (n:${label(l)}) WHERE NOT (n)--() DETACH DELETE n RETURN count(*) AS deleted`;

// ---- reads --------------------------------------------------------------------------------------

export const GET_NODES = `UNWIND $ids AS id MATCH (n:Node {id: id}) RETURN ${NODE_OUT} ORDER BY n._rid`;
export const DOCUMENT_BY_URI = `MATCH (n:Document {uri: $uri}) RETURN ${NODE_OUT} ORDER BY n._rid LIMIT 1`;

/** `where` keys are checked identifiers; values compare through dynamic property access. */
export function findNodes(l: NodeLabel, byDoc: boolean): string {
  const match = byDoc
    ? `MATCH (n:Node {doc_id: $doc}) WHERE n:${label(l)} AND`
    : `MATCH (n:${label(l)}) WHERE`;
  return `${match} all(k IN keys($where) WHERE n[k] = $where[k]) RETURN ${NODE_OUT} ORDER BY n._rid SKIP $skip LIMIT $limit`;
}

export function findEdges(anchor: "src" | "dst" | null, type: EdgeType | null): string {
  const r = type ? `r:${relType(type)}` : "r";
  const a = anchor === "src" ? "(a:Node {id: $src})" : "(a:Node)";
  const b = anchor === "dst" ? "(b:Node {id: $dst})" : "(b:Node)";
  return (
    `MATCH ${a}-[${r}]->${b} WHERE ($src IS NULL OR a.id = $src) AND ($dst IS NULL OR b.id = $dst) ` +
    `AND ($doc IS NULL OR r.doc_id = $doc) RETURN ${EDGE_OUT} ORDER BY src, type, dst, r.section_id LIMIT $limit`
  );
}

// Edges of `$types` leaving (FROM) or entering (TO) each of `$ids`.
const EDGES_OUT_OF =
  "UNWIND $ids AS id MATCH (a:Node {id: id})-[r]->(b:Node) WHERE $types IS NULL OR type(r) IN $types ";
const EDGES_INTO =
  "UNWIND $ids AS id MATCH (a:Node)-[r]->(b:Node {id: id}) WHERE $types IS NULL OR type(r) IN $types ";
export const EDGES_FROM = `${EDGES_OUT_OF}RETURN ${EDGE_OUT} ORDER BY src, type, dst, r.section_id`;
export const EDGES_TO = `${EDGES_INTO}RETURN ${EDGE_OUT} ORDER BY dst, type, src, r.section_id`;
// What a PPR walk reads of them: the ends, weight and predicate, never the other properties (a
// RELATED_TO edge's evidence sentence).
const EDGE_REF_OUT =
  "a.id AS src, type(r) AS type, b.id AS dst, coalesce(r.section_id, '') AS section_id, " +
  "r.weight AS weight, r.predicate AS predicate";
export const EDGE_REFS_FROM = `${EDGES_OUT_OF}RETURN ${EDGE_REF_OUT}`;
export const EDGE_REFS_TO = `${EDGES_INTO}RETURN ${EDGE_REF_OUT}`;

/**
 * Edges of `types` touching each of `$ids`, counted. The planner answers `COUNT { (a)-[:T]-() }`
 * from the node's degree without reading the relationships; a type cannot be a parameter, so each
 * checked name is written into the query, one COUNT per type.
 */
export function edgeCounts(types: readonly EdgeType[]): string {
  const counts = types.map((t) => `COUNT { (a)-[:${relType(t)}]-() }`).join(" + ");
  return `UNWIND $ids AS id OPTIONAL MATCH (a:Node {id: id}) RETURN id, CASE WHEN a IS NULL THEN 0 ELSE ${counts} END AS n`;
}

export const WORK_CHUNKS =
  "MATCH (n:Chunk) WHERE (n.status = 'PENDING' OR (n.status = 'FAILED' AND n.retry_count < $maxRetries)) " +
  "AND ($doc IS NULL OR n.doc_id = $doc) " +
  "AND (n.doc_id > $afterDoc OR (n.doc_id = $afterDoc AND n.seq > $afterSeq)) " +
  `RETURN ${NODE_OUT} ORDER BY n.doc_id, n.seq LIMIT $limit`;

export const SEARCH_TEXT =
  "CALL db.index.fulltext.queryNodes('agr_text_v2', $query) YIELD node, score " +
  "WHERE $docs IS NULL OR node.doc_id IN $docs RETURN node.id AS id, score ORDER BY score DESC LIMIT $k";
// Unfiltered, the options' limit lets Lucene keep only the top k hits instead of handing every
// match to Cypher to sort (a common word matches most of a million chunks).
export const SEARCH_TEXT_TOP =
  "CALL db.index.fulltext.queryNodes('agr_text_v2', $query, {limit: $k}) YIELD node, score " +
  "RETURN node.id AS id, score ORDER BY score DESC LIMIT $k";

export const SEARCH_VECTORS =
  "CALL db.index.vector.queryNodes($index, $k, $vec) YIELD node, score RETURN node.id AS id, score";
/** Exact cosine inside a set of documents (an ANN index cannot promise k hits in a small subset). */
export const SEARCH_VECTORS_IN_DOCS =
  "UNWIND $docs AS d MATCH (n:Node {doc_id: d}) WHERE n[$prop] IS NOT NULL " +
  "WITH n, vector.similarity.cosine(n[$prop], $vec) AS score RETURN n.id AS id, score ORDER BY score DESC, id LIMIT $k";
export const VECTORS_OF =
  "UNWIND $ids AS id MATCH (n:Node {id: id}) WHERE n[$prop] IS NOT NULL RETURN n.id AS id, n[$prop] AS vec";
export const CACHED_EMBEDDINGS =
  "UNWIND $cks AS ck MATCH (c:AgrEmbedding {ck: ck}) RETURN c.key AS key, c.vec AS vec";

export const COUNT_NODES =
  "MATCH (n:Node) RETURN n.doc_id AS doc_id, n.label AS key, count(*) AS count ORDER BY doc_id, key";
export const COUNT_EDGES =
  "MATCH ()-[r]->() RETURN r.doc_id AS doc_id, type(r) AS key, count(*) AS count ORDER BY doc_id, key";
export const COUNT_CHUNK_STATUS =
  "MATCH (n:Chunk) RETURN n.doc_id AS doc_id, n.status AS key, count(*) AS count ORDER BY doc_id, key";
export const COUNT_SYNTHETIC =
  "MATCH (n:Section) WHERE n.synthetic = true RETURN n.doc_id AS doc_id, 'synthetic' AS key, count(*) AS count " +
  "ORDER BY doc_id";

/** Stores made before the one-field text index: their analysed text moves into `_fts_text`. */
export const OLD_TEXT_INDEX = "agr_text";
export const BACKFILL_TEXT =
  "MATCH (n:Chunk) WHERE n._fts_text IS NULL AND n._fts_body IS NOT NULL " +
  "CALL (n) { SET n._fts_text = coalesce(n._fts_heading, '') + ' ' + n._fts_body REMOVE n._fts_heading, n._fts_body } " +
  "IN TRANSACTIONS OF 10000 ROWS";

/** Test and maintenance helper: removes every node and relationship of the database. */
export const CLEAR_DATA = "MATCH (n) DETACH DELETE n";
