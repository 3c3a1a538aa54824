import { userError } from "../../errors.js";
import { vectorKind } from "./cypher.js";

/**
 * VectorCypher in one round trip: vector entry chunks, the entities they mention (hop 0,
 * weight 1 / (1 + rank of the best entry chunk)), then RELATED_TO hops in either direction as a
 * quantified path pattern (ANY SHORTEST per start entity: hops = the shortest distance from the
 * entry entities, weight = 0.5^hops × the best start weight at that distance). For the strongest
 * $maxEntities entities: their passages (the first 500 mentions by chunk id, heaviest first) and
 * df; and the Relation facts whose subject was reached, kept when the object was reached too or
 * the subject is a hop-0 entity. Hop bounds cannot be parameters, so the checked depth is spliced.
 */
export function vectorCypherQuery(kind: string, depth: number): { cypher: string; index: string } {
  if (!Number.isInteger(depth) || depth < 1 || depth > 5)
    throw userError("bad_depth", `depth ${depth} not in 1..5`);
  const { index } = vectorKind(kind);
  // Like the in-process walk, only the strongest $maxEntities entry entities start hops.
  const hop =
    depth === 1
      ? ""
      : `WITH e0, i WHERE i < $maxEntities MATCH p = ANY SHORTEST (e0)-[:RELATED_TO]-{1,${depth - 1}}(e:Entity) ` +
        "RETURN e, length(p) AS d UNION ";
  const reach =
    "WITH e0, w0 ORDER BY w0 DESC, e0.id WITH collect([e0, w0]) AS level0 " +
    "UNWIND range(0, size(level0) - 1) AS i WITH level0[i][0] AS e0, level0[i][1] AS w0, i " +
    `CALL (e0, i) { ${hop}RETURN e0 AS e, 0 AS d } WITH e, d, w0`;
  const cypher =
    "CALL db.index.vector.queryNodes($index, $seeds, $vec) YIELD node, score " +
    "WITH collect({n: node, score: score}) AS hits " +
    "CALL (hits) { " +
    "UNWIND range(0, size(hits) - 1) AS r WITH hits[r].n AS c, r " +
    "MATCH (e0:Entity)-[:MENTIONED_IN]->(c) WITH e0, max(1.0 / (1 + r)) AS w0 " +
    `${reach} ` +
    "WITH e, min(d) AS hops, collect([d, w0]) AS ds " +
    "WITH e, hops, reduce(m = 0.0, x IN ds | CASE WHEN x[0] = hops AND x[1] > m THEN x[1] ELSE m END) * 0.5 ^ hops AS weight " +
    "RETURN collect({e: e, hops: hops, weight: weight}) AS reached } " +
    "CALL (reached) { " +
    "UNWIND reached AS x WITH x ORDER BY x.weight DESC, x.e.id LIMIT $maxEntities " +
    "CALL (x) { WITH x.e AS e MATCH (e)-[r:MENTIONED_IN]->(c:Node) " +
    "WITH r, c ORDER BY c.id, r.section_id LIMIT 500 " +
    "WITH collect({c: c.id, w: toFloat(coalesce(r.weight, 1))}) AS ms " +
    "UNWIND CASE WHEN ms = [] THEN [null] ELSE ms END AS m " +
    "WITH ms, m ORDER BY m.w DESC, m.c " +
    "RETURN size(ms) AS df, [y IN collect(m) WHERE y IS NOT NULL | y.c][..$perEntity] AS chunks } " +
    "RETURN collect({id: x.e.id, name: x.e.name, hops: x.hops, weight: x.weight, df: df, chunks: chunks}) AS entities } " +
    "CALL (reached) { " +
    "WITH [x IN reached | x.e.id] AS ids, [x IN reached WHERE x.hops = 0 | x.e.id] AS entry " +
    "UNWIND reached AS x " +
    "CALL (x) { WITH x.e AS e MATCH (e)<-[:SUBJECT]-(rel:Relation) RETURN rel ORDER BY rel.id LIMIT 100 } " +
    "WITH DISTINCT rel, ids, entry WHERE rel.object IN ids OR rel.subject IN entry " +
    "OPTIONAL MATCH (s:Node {id: rel.subject}) OPTIONAL MATCH (o:Node {id: rel.object}) " +
    "RETURN collect({id: rel.id, subject: rel.subject, subject_name: coalesce(s.name, rel.subject), " +
    "predicate: rel.predicate, object: rel.object, object_name: coalesce(o.name, rel.object), " +
    "chunk_id: rel.chunk_id, evidence: rel.evidence, valid_from: rel.valid_from, valid_to: rel.valid_to}) AS relations } " +
    "RETURN [h IN hits | {id: h.n.id, score: h.score}] AS seeds, entities, relations, " +
    "[x IN reached | [x.e.id, x.hops]] AS hops";
  return { cypher, index };
}
