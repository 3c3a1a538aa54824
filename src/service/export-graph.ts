import { z } from "zod";
import type { GraphStore } from "../store/graph-store.js";
import { writeCypher } from "./export-cypher.js";
import { writeGraphml } from "./export-graphml.js";
import { type ExportSource, exportSource, type Write } from "./export-source.js";

export const ExportFormatSchema = z.enum(["graphml", "cypher", "jsonl"]);
export type ExportFormat = z.infer<typeof ExportFormatSchema>;

export interface ExportResult {
  format: ExportFormat;
  nodes: number;
  edges: number;
}

/**
 * JSON Lines, one node or relationship a line, in the shape APOC's JSON export uses:
 * `{"type":"node","id","labels":[label],"properties":{...}}` and
 * `{"type":"relationship","label","start","end","properties":{"section_id","doc_id",...props}}`;
 * properties are the domain fields as stored (nested values stay JSON), so nothing is lost.
 */
export async function writeJsonl(
  source: ExportSource,
  write: Write,
): Promise<{ nodes: number; edges: number }> {
  let nodes = 0;
  for await (const { node } of source.nodes()) {
    nodes++;
    const { id, label, ...properties } = node;
    await write(`${JSON.stringify({ type: "node", id, labels: [label], properties })}\n`);
  }
  let edges = 0;
  for await (const e of source.edges()) {
    edges++;
    const properties = { section_id: e.section_id, doc_id: e.doc_id, ...e.props };
    await write(
      `${JSON.stringify({ type: "relationship", label: e.type, start: e.src, end: e.dst, properties })}\n`,
    );
  }
  return { nodes, edges };
}

const WRITERS = { graphml: writeGraphml, cypher: writeCypher, jsonl: writeJsonl } as const;

/**
 * `agr export`: the whole graph of a store (every node and edge, no vectors) as GraphML, a
 * Cypher script or JSON Lines, written piece by piece through `write` while the store is read in
 * pages, so memory does not grow with the store.
 */
export async function exportGraph(
  store: GraphStore,
  format: ExportFormat,
  write: Write,
): Promise<ExportResult> {
  const counts = await WRITERS[format](exportSource(store), write);
  return { format, ...counts };
}
