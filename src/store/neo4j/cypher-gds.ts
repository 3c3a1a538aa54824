/**
 * Cypher of the Graph Data Science push-down (see ../graph-pushdown.ts). Projections are Cypher
 * aggregations (`gds.graph.project` function) that rebuild, inside the database, exactly the
 * weighted graphs the in-process algorithms build; every value is a $parameter, graph names too.
 */

export const SHOW_PLUGIN_PROCEDURES =
  "SHOW PROCEDURES YIELD name WHERE name STARTS WITH 'gds.' OR name STARTS WITH 'apoc.' " +
  "RETURN sum(CASE WHEN name = 'gds.pageRank.stream' THEN 1 ELSE 0 END) > 0 AS gds, " +
  "sum(CASE WHEN name = 'apoc.path.subgraphAll' THEN 1 ELSE 0 END) > 0 AS apoc";
export const GDS_VERSION = "RETURN gds.version() AS version";

export const DROP_GRAPH = "CALL gds.graph.drop($name, false) YIELD graphName RETURN graphName";
export const GRAPH_EXISTS = "RETURN gds.graph.exists($name) AS exists";

/** Node rows carry null targets so that isolated nodes are projected too. */
const project = (rows: string) =>
  `CALL { ${rows} } ` +
  "WITH gds.graph.project($name, s, t, CASE WHEN t IS NULL THEN {} ELSE {relationshipProperties: {w: w}} END) AS g " +
  "RETURN g.nodeCount AS nodes, g.relationshipCount AS relationships";

/** Section authority's graph: a link weighs 1 forwards and 0.1 backwards; every section is a node. */
const SECTION_LINK = "MATCH (a:Section)-[:REFERS_TO|LINKS_TO|PART_OF]->(b:Section) WHERE a <> b";
export const PROJECT_SECTIONS = project(
  `${SECTION_LINK} RETURN a AS s, b AS t, 1.0 AS w UNION ALL ` +
    `${SECTION_LINK} RETURN b AS s, a AS t, 0.1 AS w UNION ALL ` +
    "MATCH (s:Section) RETURN s, null AS t, null AS w",
);

export const PAGE_RANK_SCALED =
  "CALL gds.pageRank.stream($name, {dampingFactor: $damping, maxIterations: $maxIterations, " +
  "tolerance: $tolerance, relationshipWeightProperty: 'w'}) YIELD nodeId, score " +
  "WITH collect([nodeId, score]) AS rows, sum(score) AS total, count(*) AS n " +
  "UNWIND rows AS r RETURN gds.util.asNode(r[0]).id AS id, r[1] * n / total AS score";

/**
 * The phrase + passage graph of load-phrase-graph.ts: entity → passage (mention weight, 1 back),
 * NEXT within a section (0.5 both ways), SYNONYM ($synonym × cosine) and one RELATED_TO link per
 * pair of named entities ($relation) both ways; every entity is a node.
 */
const NAMED = "['NAME', 'TITLE']";
export const PROJECT_PHRASE_GRAPH = project(
  "MATCH (e:Entity)-[r:MENTIONED_IN]->(c:Node) RETURN e AS s, c AS t, toFloat(coalesce(r.weight, 1)) AS w UNION ALL " +
    "MATCH (e:Entity)-[:MENTIONED_IN]->(c:Node) RETURN c AS s, e AS t, 1.0 AS w UNION ALL " +
    "MATCH (a:Node)-[r:NEXT]->(b:Node) WHERE r.section_id <> '' " +
    "UNWIND [[a, b], [b, a]] AS p RETURN p[0] AS s, p[1] AS t, 0.5 AS w UNION ALL " +
    "MATCH (a:Entity)-[r:SYNONYM]->(b:Entity) WHERE a <> b " +
    "UNWIND [[a, b], [b, a]] AS p RETURN p[0] AS s, p[1] AS t, $synonym * toFloat(coalesce(r.weight, 1)) AS w UNION ALL " +
    `MATCH (a:Entity)-[r:RELATED_TO]->(b:Entity) WHERE a <> b AND a.type IN ${NAMED} AND b.type IN ${NAMED} ` +
    "AND coalesce(r.predicate, '') <> 'alias of' " +
    "WITH DISTINCT CASE WHEN a.id < b.id THEN a ELSE b END AS x, CASE WHEN a.id < b.id THEN b ELSE a END AS y " +
    "UNWIND [[x, y], [y, x]] AS p RETURN p[0] AS s, p[1] AS t, $relation AS w UNION ALL " +
    "MATCH (s:Entity) RETURN s, null AS t, null AS w",
);

/**
 * Weighted restart: GDS 2.13 takes unweighted sourceNodes only, so seeds are grouped by weight,
 * one run per group (each source restarts with 1 − d), and the runs are summed with the group
 * weights: PageRank is linear in its restart vector. Dividing by the total gives the in-process
 * scores, whose dangling mass returns to the seeds (the same fixed point up to scale).
 */
export const PHRASE_PPR =
  "UNWIND $groups AS g CALL (g) { " +
  "UNWIND g.ids AS id MATCH (n:Node {id: id}) " +
  "WHERE n:Entity OR EXISTS { (n)<-[:MENTIONED_IN]-(:Entity) } OR EXISTS { (n)-[r:NEXT]-(:Node) WHERE r.section_id <> '' } " +
  "WITH collect(n) AS sources WHERE size(sources) > 0 " +
  "CALL gds.pageRank.stream($name, {sourceNodes: sources, dampingFactor: $damping, maxIterations: $maxIterations, " +
  "tolerance: $tolerance, relationshipWeightProperty: 'w', concurrency: 1}) YIELD nodeId, score " +
  "RETURN nodeId, score * g.w AS part } " +
  "WITH nodeId, sum(part) AS score WITH collect([nodeId, score]) AS rows, sum(score) AS total " +
  "UNWIND rows AS r WITH r, total WHERE r[1] > 0 " +
  "WITH gds.util.asNode(r[0]) AS n, r[1] / total AS score WHERE n:Chunk " +
  "RETURN n.id AS id, score ORDER BY score DESC, id LIMIT $k";

export const ENTITY_DF =
  "UNWIND $ids AS id MATCH (e:Entity {id: id}) RETURN e.id AS id, COUNT { (e)-[:MENTIONED_IN]->() } AS df";

/** Louvain input: pairs of integer ids given as parameters, undirected. */
export const PROJECT_PAIRS =
  "UNWIND $pairs AS p WITH gds.graph.project($name, p.a, p.b, {relationshipProperties: {w: p.w}}, " +
  "{undirectedRelationshipTypes: ['*']}) AS g RETURN g.nodeCount AS nodes, g.relationshipCount AS relationships";

export const LOUVAIN =
  "CALL gds.louvain.stream($name, {relationshipWeightProperty: 'w', maxLevels: 10, maxIterations: 10, " +
  "tolerance: 0.0001, concurrency: 1}) YIELD nodeId, communityId RETURN nodeId AS node, communityId AS community";
