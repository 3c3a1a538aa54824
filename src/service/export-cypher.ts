import type { EdgeType } from "../domain/graph-edge.js";
import { EdgeTypeSchema } from "../domain/graph-edge.js";
import { NODE_LABELS, type NodeLabel } from "../domain/graph-node.js";
import { SCHEMA } from "../store/neo4j/cypher.js";
import { encodeEdge, encodeNode, type PropValue } from "../store/neo4j/records.js";
import {
  cypherKey,
  decodedMap,
  encodeField,
  escapeField,
  RS,
  US,
  unescapeExpr,
  unpackRows,
} from "./export-cypher-rows.js";
import type { ExportSource, Write } from "./export-source.js";

/**
 * A Cypher script that rebuilds the graph in Neo4j in the layout the Neo4j store writes: `:Node`
 * plus the domain label, `id`, the properties (nested values as JSON listed in `_json`, `_rid`
 * insertion order), edges keyed by section_id carrying doc_id and their props. So the loaded
 * database is an agr store (`NEO4J_URI=… agr stats` reads it; vectors are not exported, so dense
 * search needs a re-embed), and loading twice changes nothing (MERGE). One statement per line,
 * each ending in `;` (literals escape their line breaks): run it with cypher-shell, or line by
 * line through a driver. Rows travel packed in one string literal per statement (see
 * export-cypher-rows.ts for why and how).
 */

/** Rows per statement. */
export const CYPHER_BATCH = 1000;

const NODE_ID_CONSTRAINT = SCHEMA.find((s) => s.name === "agr_node_id")?.cypher;

/** A Cypher string literal: quotes, backslashes and control characters escaped; a lone surrogate (not encodable in UTF-8) becomes U+FFFD. */
export function cypherString(s: string): string {
  const escaped = s.replace(
    // biome-ignore lint/suspicious/noControlCharactersInRegex: escaping control characters is the point
    /[\\'\u0000-\u001f\u007f\u2028\u2029]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
    (c) => {
      if (c === "\\") return "\\\\";
      if (c === "'") return "\\'";
      if (c === "\n") return "\\n";
      if (c === "\r") return "\\r";
      if (c === "\t") return "\\t";
      const code = c.charCodeAt(0);
      if (code >= 0xd800 && code <= 0xdfff) return "\\uFFFD";
      return `\\u${code.toString(16).padStart(4, "0")}`;
    },
  );
  return `'${escaped}'`;
}

type Props = Record<string, PropValue>;
interface Pending {
  keys: Set<string>;
  rows: Array<{ head: string[]; props: Props }>;
}

/** Rows as one string literal: the fixed head fields, then each key's tagged value (absent: null). */
function payload(batch: Pending, keys: readonly string[]): string {
  const lines = batch.rows.map((r) => [...r.head, ...keys.map((k) => encodeField(r.props[k]))].join(US));
  return cypherString(lines.join(RS));
}

const nodeStatement = (label: NodeLabel, batch: Pending): string => {
  const keys = [...batch.keys].sort();
  return (
    `${unpackRows(payload(batch, keys))} MERGE (n:Node {id: ${unescapeExpr("f[0]")}}) ` +
    `ON CREATE SET n._rid = toInteger(f[1]) SET n += ${decodedMap(keys, 2)}, n:${cypherKey(label)};\n`
  );
};

const edgeStatement = (type: EdgeType, batch: Pending): string => {
  const keys = [...batch.keys].sort();
  return (
    `${unpackRows(payload(batch, keys))} MATCH (a:Node {id: ${unescapeExpr("f[0]")}}) ` +
    `MATCH (b:Node {id: ${unescapeExpr("f[1]")}}) MERGE (a)-[r:${cypherKey(type)} {section_id: ${unescapeExpr("f[2]")}}]->(b) ` +
    `SET r = ${decodedMap(keys, 3)};\n`
  );
};

/** Collects rows per label or type and writes a statement whenever one has `size` rows. */
class Batches<K extends string> {
  private readonly open = new Map<K, Pending>();

  constructor(
    private readonly size: number,
    private readonly statement: (key: K, batch: Pending) => string,
    private readonly write: Write,
  ) {}

  async add(key: K, head: string[], props: Props): Promise<void> {
    const batch = this.open.get(key) ?? { keys: new Set<string>(), rows: [] };
    this.open.set(key, batch);
    for (const k of Object.keys(props)) batch.keys.add(k);
    batch.rows.push({ head, props });
    if (batch.rows.length >= this.size) await this.flush(key);
  }

  async flush(key: K): Promise<void> {
    const batch = this.open.get(key);
    if (batch?.rows.length) await this.write(this.statement(key, batch));
    this.open.delete(key);
  }

  async flushAll(order: readonly K[]): Promise<void> {
    for (const key of order) await this.flush(key);
  }
}

export async function writeCypher(
  source: ExportSource,
  write: Write,
  batch = CYPHER_BATCH,
): Promise<{ nodes: number; edges: number }> {
  await write("// agentic-graph-rag graph export (agr export --format cypher): one statement per line.\n");
  // Without the constraint every edge's MATCH would scan all nodes.
  if (NODE_ID_CONSTRAINT) await write(`${NODE_ID_CONSTRAINT};\n`);
  let nodes = 0;
  let maxRid = 0;
  const nodeBatches = new Batches<NodeLabel>(batch, nodeStatement, write);
  for await (const { rid, node } of source.nodes()) {
    nodes++;
    maxRid = Math.max(maxRid, rid);
    const { id, props } = encodeNode(node);
    const { id: _id, ...rest } = props;
    await nodeBatches.add(node.label, [escapeField(id), String(rid)], rest);
  }
  await nodeBatches.flushAll(NODE_LABELS);

  let edges = 0;
  const edgeBatches = new Batches<EdgeType>(batch, edgeStatement, write);
  for await (const edge of source.edges()) {
    edges++;
    const { src, dst, section_id, props } = encodeEdge(edge);
    await edgeBatches.add(edge.type, [src, dst, section_id].map(escapeField), props as Props);
  }
  await edgeBatches.flushAll(EdgeTypeSchema.options);
  // The next node agr writes into the loaded database numbers on from here.
  await write(`MERGE (m:AgrMeta {key: 'rid'}) SET m.value = ${maxRid};\n`);
  return { nodes, edges };
}
