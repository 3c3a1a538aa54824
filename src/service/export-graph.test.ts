import { MultiDirectedGraph } from "graphology";
import { parse } from "graphology-graphml";
import neo4j from "neo4j-driver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GraphNodeSchema } from "../domain/graph-node.js";
import { SAMPLES } from "../http/test-server.js";
import type { GraphStore, StoreCounts } from "../store/graph-store.js";
import { cypherString } from "./export-cypher.js";
import { encodeField } from "./export-cypher-rows.js";
import { byKind, exportTestStore, NASTY, NASTY_ID, totalEdges, totalNodes } from "./export-fixture.js";
import { type ExportFormat, exportGraph } from "./export-graph.js";
import { xmlAttr, xmlText } from "./export-graphml.js";
import { exportSource } from "./export-source.js";

type Attrs = Record<string, unknown>;

let store: GraphStore;
let counts: StoreCounts;

beforeAll(async () => {
  store = await exportTestStore(SAMPLES);
  counts = await store.counts();
}, 120_000);
afterAll(async () => store?.close());

async function exported(format: ExportFormat, from: GraphStore = store): Promise<string> {
  const parts: string[] = [];
  const result = await exportGraph(from, format, async (t) => {
    parts.push(t);
  });
  expect(result).toMatchObject({ format, nodes: totalNodes(counts), edges: totalEdges(counts) });
  return parts.join("");
}

// What XML 1.0 cannot carry at all: dropped, everything else kept exactly.
const XML_SAFE = [...NASTY].filter((c) => !["\u0000", "\u0001", "\u001f", "\uD800"].includes(c)).join("");

describe("GraphML export", () => {
  it("parses in graphology with every node and edge of the store, labels and typed properties", async () => {
    const xml = await exported("graphml");
    const graph = parse(MultiDirectedGraph, xml);
    expect(graph.order).toBe(totalNodes(counts));
    expect(graph.size).toBe(totalEdges(counts));
    const labels: Record<string, number> = {};
    graph.forEachNode((_: string, a: Attrs) => {
      labels[String(a.label)] = (labels[String(a.label)] ?? 0) + 1;
    });
    const types: Record<string, number> = {};
    graph.forEachEdge((_: string, a: Attrs) => {
      types[String(a.type)] = (types[String(a.type)] ?? 0) + 1;
    });
    expect({ nodes: labels, edges: types }).toEqual(byKind(counts));
    const page = graph.findNode((_: string, a: Attrs) => a.label === "PdfPage");
    expect(typeof graph.getNodeAttribute(page, "page_no")).toBe("number");
    const section = graph.findNode((_: string, a: Attrs) => a.label === "Section");
    expect(typeof graph.getNodeAttribute(section, "synthetic")).toBe("boolean");
    const weighted = graph.findEdge((_: string, a: Attrs) => a.type === "MENTIONED_IN");
    expect(typeof graph.getEdgeAttribute(weighted, "weight")).toBe("number");
    expect(xml).toMatch(/<key id="d\d+" for="edge" attr.name="weight" attr.type="double"\/>/);
  }, 60_000);

  it("keeps quotes, backslashes, line breaks and markup-like text exactly; drops only what XML 1.0 forbids", async () => {
    const graph = parse(MultiDirectedGraph, await exported("graphml"));
    expect(graph.hasNode(NASTY_ID)).toBe(true);
    expect(graph.getNodeAttribute(NASTY_ID, "text")).toBe(XML_SAFE);
    expect(graph.getNodeAttribute(NASTY_ID, "seq")).toBe(2 ** 40);
    const link = graph.findEdge(
      (_: string, a: Attrs) => a.type === "LINKS_TO" && a.anchor_text !== undefined,
    );
    expect(graph.getEdgeAttribute(link, "anchor_text")).toBe(XML_SAFE);
    expect(graph.target(link)).toBe(NASTY_ID);
    expect(xmlText("a<b>&\r")).toBe("a&lt;b&gt;&amp;&#13;");
    expect(xmlAttr('"\n\t\u0000\u2028')).toBe("&quot;&#10;&#9;&#8232;");
  }, 60_000);
});

describe("JSONL export", () => {
  it("one node or relationship per line, every node back exactly as stored", async () => {
    const lines = (await exported("jsonl")).trimEnd().split("\n");
    expect(lines).toHaveLength(totalNodes(counts) + totalEdges(counts));
    const rows = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    const nodes = rows.filter((r) => r.type === "node");
    expect(nodes).toHaveLength(totalNodes(counts));
    for (const r of nodes.slice(0, 50).concat(nodes.filter((n) => n.id === NASTY_ID))) {
      const { id, labels, properties } = r as { id: string; labels: string[]; properties: object };
      const back = GraphNodeSchema.parse({ ...properties, id, label: labels[0] });
      expect(back).toEqual(await store.getNode(id));
    }
    const nasty = nodes.find((n) => n.id === NASTY_ID) as { properties: { text: string } };
    expect(nasty.properties.text).toBe(NASTY);
    const rels = rows.filter((r) => r.type === "relationship");
    expect(rels.every((r) => typeof r.start === "string" && typeof r.end === "string")).toBe(true);
  }, 60_000);
});

describe("Cypher export", () => {
  it("one statement per line: strings escape every line break, so no line ends inside a literal", async () => {
    const lines = (await exported("cypher")).trimEnd().split("\n");
    expect(lines[1]).toMatch(/^CREATE CONSTRAINT agr_node_id/);
    for (const line of lines.slice(1)) expect(line.endsWith(";"), line.slice(0, 200)).toBe(true);
    expect(lines.filter((l) => l.startsWith("WITH '")).length).toBeGreaterThan(10);
    expect(lines.at(-1)).toMatch(/^MERGE \(m:AgrMeta \{key: 'rid'\}\) SET m.value = \d+;$/);
  }, 60_000);

  it("writes literals Cypher reads back as the same values", () => {
    expect(cypherString(`it's a \\ "q"\n\r\t\u0000\u2028`)).toBe(
      `'it\\'s a \\\\ "q"\\n\\r\\t\\u0000\\u2028'`,
    );
    expect(cypherString("lone \uD800 pair \u{1F680}")).toBe("'lone \\uFFFD pair \u{1F680}'");
    expect(encodeField("a\u001fb\u0001")).toBe("sa\u0001fb\u0001e");
    expect(encodeField(neo4j.int(2 ** 40))).toBe("i1099511627776");
    expect(encodeField(0.25)).toBe("f0.25");
    expect(encodeField([neo4j.int(1), neo4j.int(2)])).toBe("I1\u001d2");
    expect(encodeField(["x", ""])).toBe("Sx\u001d");
    expect(encodeField([])).toBe("e");
    expect(encodeField(null)).toBe("n");
  });
});

describe("export through the port alone", () => {
  it("a store without keyset pages (Neo4j) exports the same nodes and edges", async () => {
    // The same store seen only through the GraphStore port (as a Neo4j store is), in small pages.
    const portOnly = new Proxy(store, {
      get: (target, key) =>
        key === "exportNodes" || key === "exportEdges" ? undefined : Reflect.get(target, key),
    });
    const source = exportSource(portOnly, 7);
    const ids: string[] = [];
    for await (const { node } of source.nodes()) ids.push(node.id);
    const keys: string[] = [];
    for await (const e of source.edges()) keys.push(`${e.src}|${e.type}|${e.dst}|${e.section_id}`);
    const all: string[] = [];
    for await (const { node } of exportSource(store).nodes()) all.push(node.id);
    const allKeys: string[] = [];
    for await (const e of exportSource(store).edges())
      allKeys.push(`${e.src}|${e.type}|${e.dst}|${e.section_id}`);
    expect(ids.sort()).toEqual(all.sort());
    expect(keys.sort()).toEqual(allKeys.sort());
  }, 60_000);
});
