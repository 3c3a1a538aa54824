import type { GraphEdge } from "../domain/graph-edge.js";
import type { ExportSource, Write } from "./export-source.js";

/**
 * GraphML (http://graphml.graphdrawing.org) as Gephi, yEd, NetworkX and graphology read it: one
 * typed <key> per property name, declared before the graph, so the source is read twice (once
 * for the keys and their types, once to write). Nodes carry their label in `label` and every
 * property; edges their `type`, `section_id`, `doc_id` and props (`weight` as a double, which
 * Gephi takes as the edge weight). Nested values (bboxes, lists) are JSON strings.
 */

type KeyType = "boolean" | "long" | "double" | "string";
type Scalar = string | number | boolean;

/** A property value as GraphML holds it: a scalar, or JSON text for lists and objects. */
function flat(value: unknown): Scalar | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number") return Number.isFinite(value) ? value : undefined;
  return JSON.stringify(value);
}

const typeOf = (v: Scalar): KeyType =>
  typeof v === "boolean"
    ? "boolean"
    : typeof v === "string"
      ? "string"
      : Number.isSafeInteger(v)
        ? "long"
        : "double";

/** Two observed types of one key → the type that holds both (a long among doubles is a double). */
const widen = (a: KeyType | undefined, b: KeyType): KeyType =>
  a === undefined || a === b
    ? b
    : (a === "long" && b === "double") || (a === "double" && b === "long")
      ? "double"
      : "string";

const nodeProps = (node: object): Array<[string, Scalar]> =>
  Object.entries(node).flatMap(([k, v]) => {
    const f = k === "id" ? undefined : flat(v);
    return f === undefined ? [] : [[k, f] as [string, Scalar]];
  });

const edgeProps = (e: GraphEdge): Array<[string, Scalar]> =>
  [
    ["type", e.type] as [string, unknown],
    ["section_id", e.section_id],
    ["doc_id", e.doc_id],
    ...Object.entries(e.props),
  ].flatMap(([k, v]) => {
    const f = flat(v);
    return f === undefined ? [] : [[k, f] as [string, Scalar]];
  });

// XML 1.0 allows tab, LF, CR and these ranges only; anything else (NUL, other C0 controls, lone
// surrogates, U+FFFE/U+FFFF) makes the file unreadable, so it is dropped.
const FORBIDDEN = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Element text: markup escaped; CR, NEL and the Unicode line separators as references (parsers normalise raw ones to LF). */
export function xmlText(s: string): string {
  return s
    .replace(FORBIDDEN, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/[\r\u0085\u2028\u2029]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Attribute value in double quotes: whitespace as references (a parser would normalise raw ones to spaces). */
export function xmlAttr(s: string): string {
  return xmlText(s).replace(/"/g, "&quot;").replace(/\n/g, "&#10;").replace(/\t/g, "&#9;");
}

const render = (v: Scalar, type: KeyType): string =>
  type === "string" || typeof v !== "number" ? String(v) : type === "long" ? v.toFixed(0) : String(v);

export async function writeGraphml(
  source: ExportSource,
  write: Write,
): Promise<{ nodes: number; edges: number }> {
  const types = { node: new Map<string, KeyType>(), edge: new Map<string, KeyType>() };
  for await (const { node } of source.nodes())
    for (const [k, v] of nodeProps(node)) types.node.set(k, widen(types.node.get(k), typeOf(v)));
  for await (const edge of source.edges())
    for (const [k, v] of edgeProps(edge)) types.edge.set(k, widen(types.edge.get(k), typeOf(v)));

  const ids = { node: new Map<string, string>(), edge: new Map<string, string>() };
  await write(
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
      '<graphml xmlns="http://graphml.graphdrawing.org/xmlns" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ' +
      'xsi:schemaLocation="http://graphml.graphdrawing.org/xmlns http://graphml.graphdrawing.org/xmlns/1.0/graphml.xsd">\n',
  );
  let k = 0;
  for (const kind of ["node", "edge"] as const)
    for (const [name, type] of types[kind]) {
      const id = `d${k++}`;
      ids[kind].set(name, id);
      await write(`  <key id="${id}" for="${kind}" attr.name="${xmlAttr(name)}" attr.type="${type}"/>\n`);
    }
  await write('  <graph id="agr" edgedefault="directed">\n');
  const data = (kind: "node" | "edge", props: Array<[string, Scalar]>) =>
    props
      .map(([name, v]) => {
        const type = types[kind].get(name) ?? "string";
        return `<data key="${ids[kind].get(name)}">${xmlText(render(v, type))}</data>`;
      })
      .join("");
  let nodes = 0;
  for await (const { node } of source.nodes()) {
    nodes++;
    await write(`    <node id="${xmlAttr(node.id)}">${data("node", nodeProps(node))}</node>\n`);
  }
  let edges = 0;
  for await (const edge of source.edges()) {
    const attrs = `id="e${edges++}" source="${xmlAttr(edge.src)}" target="${xmlAttr(edge.dst)}"`;
    await write(`    <edge ${attrs}>${data("edge", edgeProps(edge))}</edge>\n`);
  }
  await write("  </graph>\n</graphml>\n");
  return { nodes, edges };
}
