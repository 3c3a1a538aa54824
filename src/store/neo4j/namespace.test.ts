import { describe, expect, it } from "vitest";
import { NODE_LABELS } from "../../domain/graph-node.js";
import * as Q from "./cypher.js";
import * as F from "./cypher-filter.js";
import * as G from "./cypher-gds.js";
import * as V from "./cypher-vector.js";
import { namespaceCypher, namespaceOf, namespaceParams } from "./namespace.js";

const team = namespaceOf("team-a");
const def = namespaceOf(undefined);
const bareLabel = new RegExp(`[:|&]\\s*(Node|AgrMeta|AgrEmbedding|${NODE_LABELS.join("|")})\\b`);

/** Every Cypher string the modules export, and what their builders make for one label and type. */
function allCypher(): string[] {
  const out: string[] = [];
  for (const mod of [Q, F, G, V])
    for (const v of Object.values(mod))
      if (typeof v === "string" && /\b(MATCH|MERGE|CREATE|CALL|SHOW)\b/.test(v)) out.push(v);
  for (const s of Q.SCHEMA) out.push(s.cypher);
  out.push(Q.upsertNodes("Chunk"), Q.upsertEdges("MENTIONS"), Q.deleteEdges("MENTIONS", false, false));
  out.push(Q.deleteEdges("MENTIONS", true, false), Q.deleteEdges("MENTIONS", false, true));
  return out;
}

describe("namespaceCypher", () => {
  it("leaves no store label of the default workspace in any statement of a named one", () => {
    const all = allCypher();
    expect(all.length).toBeGreaterThan(20);
    for (const c of all) expect(namespaceCypher(c, team), c).not.toMatch(bareLabel);
  });

  it("renames labels, index names and index-name parameters", () => {
    expect(namespaceCypher(Q.upsertNodes("Chunk"), team)).toContain("MERGE (n:`Node__team-a` {id: row.id})");
    expect(namespaceCypher(Q.upsertNodes("Chunk"), team)).toContain(
      "REMOVE n:`Document__team-a`:`PdfPage__team-a`",
    );
    const ddl = namespaceCypher(Q.SCHEMA[0]?.cypher ?? "", team);
    expect(ddl).toMatch(
      /^CREATE CONSTRAINT agr_w_team_a_[0-9a-f]{6}__node_id IF NOT EXISTS FOR \(n:`Node__team-a`\)/,
    );
    expect(namespaceParams({ index: "agr_vec_chunk", k: 3, q: "agr_ text" }, team)).toEqual({
      index: `${team.prefix}vec_chunk`,
      k: 3,
      q: "agr_ text",
    });
    expect(namespaceOf("team_a").prefix).not.toBe(team.prefix);
  });

  it("reaches edges only from the workspace's nodes, in MATCH but not in MERGE", () => {
    expect(namespaceCypher(Q.COUNT_EDGES, def)).toMatch(/^MATCH \(:Node\)-\[r\]->\(:Node\) RETURN/);
    expect(namespaceCypher(Q.deleteEdges("MENTIONS", false, false), team)).toBe(
      "MATCH (:`Node__team-a`)-[r:MENTIONS]->(:`Node__team-a`) DELETE r",
    );
    const merge = namespaceCypher(Q.upsertEdges("MENTIONS"), def);
    expect(merge).toContain("MERGE (a)-[r:MENTIONS");
    expect(namespaceCypher("MATCH (n) DETACH DELETE n", def)).toBe("MATCH (n:Node) DETACH DELETE n");
    expect(namespaceCypher("MATCH (a)<-[:X]-(b {id: 1}) RETURN count(b)", def)).toBe(
      "MATCH (a:Node)<-[:X]-(b:Node {id: 1}) RETURN count(b)",
    );
    // Relationship index DDL keeps its bare pattern (a label is not allowed there).
    const relIndex = Q.SCHEMA.find((s) => s.cypher.includes("()-[r:"))?.cypher ?? "";
    expect(namespaceCypher(relIndex, team)).toContain("FOR ()-[r:");
  });

  it("lists only the workspace's own indexes, under their default names", () => {
    const show = namespaceCypher(Q.SHOW_INDEXES, team);
    expect(show).toContain(`WHERE name STARTS WITH '${team.prefix}'`);
    expect(show).toContain(`RETURN 'agr_' + substring(name, ${team.prefix.length}) AS name, type, options`);
    expect(namespaceCypher(Q.SHOW_CONSTRAINTS, def)).toBe(
      "SHOW CONSTRAINTS YIELD name WHERE NOT name STARTS WITH 'agr_w_' RETURN name",
    );
  });
});
