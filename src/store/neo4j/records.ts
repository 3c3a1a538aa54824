import neo4j, { type Integer } from "neo4j-driver";
import { z } from "zod";
import { type GraphEdge, GraphEdgeSchema } from "../../domain/graph-edge.js";
import { type GraphNode, GraphNodeSchema, type NodeLabel } from "../../domain/graph-node.js";
import { analyze } from "../../domain/text/analyzer.js";
import { internalError } from "../../errors.js";

/**
 * Property encoding. Scalars (strings, booleans, numbers) and flat lists of strings, numbers or
 * booleans are native Neo4j properties, so Cypher can filter on them; anything nested (bboxes,
 * arrays of objects) is a JSON string whose key is listed in `_json`. Safe integers are sent as
 * Neo4j INTEGERs (a plain JS number would arrive as FLOAT) and every INTEGER read back is
 * converted only when it is in JS's safe range: nothing is rounded silently.
 */
export type PropValue = string | number | boolean | Integer | null | PropValue[];

const isSafeInt = (v: unknown): v is number => typeof v === "number" && Number.isSafeInteger(v);

function encodeValue(value: unknown, key: string, json: string[]): PropValue {
  if (value === undefined) return null;
  if (typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number") return isSafeInt(value) ? neo4j.int(value) : value;
  if (Array.isArray(value)) {
    if (value.every((v) => typeof v === "string") || value.every((v) => typeof v === "boolean")) return value;
    // A list is homogeneous in Neo4j: all INTEGER when every element is, else all FLOAT.
    if (value.every(isSafeInt)) return value.map((v) => neo4j.int(v));
    if (value.every((v) => typeof v === "number")) return value;
  }
  json.push(key);
  return JSON.stringify(value);
}

/** Every key in `keys` gets a value (null removes a property left over from an older version). */
export function encodeProps(obj: Record<string, unknown>, keys: Iterable<string> = Object.keys(obj)) {
  const json: string[] = [];
  const props: Record<string, PropValue> = {};
  for (const key of keys) props[key] = encodeValue(obj[key], key, json);
  props._json = json;
  return props;
}

const SHAPE_KEYS = new Map<NodeLabel, string[]>(
  GraphNodeSchema.options.map((o) => [o.shape.label.value, Object.keys(o.shape)]),
);

/** Diacritics folded as FTS5's `remove_diacritics 2` does, after the shared analyser. */
export const foldText = (text: string): string => text.normalize("NFKD").replace(/\p{M}/gu, "");

export function encodeNode(node: GraphNode): { id: string; props: Record<string, PropValue> } {
  const keys = new Set([...(SHAPE_KEYS.get(node.label) ?? []), ...Object.keys(node)]);
  const props = encodeProps(node as Record<string, unknown>, keys);
  if (node.label === "Chunk") {
    // One field, heading then body: Lucene's BM25 then sees one document length, as FTS5's
    // bm25() over the embedded store's two columns does (two Lucene fields would each be scored
    // with its own length, and a short heading field outweighs the body).
    props._fts_text = foldText(analyze(`${node.heading_path.join(" ")} ${node.text}`));
  }
  return { id: node.id, props };
}

export function encodeEdge(edge: GraphEdge) {
  const { _json, ...props } = encodeProps(edge.props as Record<string, unknown>);
  const json = Array.isArray(_json) && _json.length > 0 ? { _json } : {};
  return {
    src: edge.src,
    dst: edge.dst,
    section_id: edge.section_id,
    props: { ...props, ...json, section_id: edge.section_id, doc_id: edge.doc_id },
  };
}

/** INTEGER → number when exact, recursively through lists and maps. */
export function fromNeo4j(value: unknown): unknown {
  if (neo4j.isInt(value)) {
    if (!value.inSafeRange()) throw internalError("neo4j_integer_range", `integer ${value} exceeds 2^53`);
    return value.toNumber();
  }
  if (Array.isArray(value)) return value.map(fromNeo4j);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fromNeo4j(v)]));
  }
  return value;
}

export const asNumber = (value: unknown): number => z.number().parse(fromNeo4j(value));

function decodeProps(entries: Array<[string, unknown]>, json: readonly string[]): Record<string, unknown> {
  const jsonKeys = new Set(json);
  const out: Record<string, unknown> = {};
  for (const [k, v] of entries) {
    if (k.startsWith("_")) continue;
    out[k] = jsonKeys.has(k) && typeof v === "string" ? JSON.parse(v) : fromNeo4j(v);
  }
  return out;
}

const NodeRecordSchema = z.object({
  props: z.array(z.tuple([z.string(), z.unknown()])),
  json: z.array(z.string()).nullable().default([]),
});
const EdgeRecordSchema = z.object({
  src: z.string(),
  type: z.string(),
  dst: z.string(),
  props: z.record(z.string(), z.unknown()),
});

/** `record` is the object of a row returned through NODE_OUT (see cypher.ts). */
export function decodeNode(record: unknown): GraphNode {
  const r = NodeRecordSchema.parse(record);
  return GraphNodeSchema.parse(decodeProps(r.props, r.json ?? []));
}

export function decodeEdge(record: unknown): GraphEdge {
  const r = EdgeRecordSchema.parse(record);
  const { section_id, doc_id, _json, ...rest } = r.props;
  const json = z.array(z.string()).optional().parse(_json) ?? [];
  return GraphEdgeSchema.parse({
    src: r.src,
    type: r.type,
    dst: r.dst,
    section_id,
    doc_id,
    props: decodeProps(Object.entries(rest), json),
  });
}

/** A stored LIST<FLOAT> (or INTEGER list) back as the Float32Array the port speaks. */
export const asVector = (value: unknown): Float32Array =>
  Float32Array.from(z.array(z.number()).parse(fromNeo4j(value)));

export const CountRecordSchema = z.object({
  doc_id: z.string(),
  key: z.string(),
  count: z.unknown().transform(asNumber),
});
