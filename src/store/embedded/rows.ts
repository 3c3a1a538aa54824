import { z } from "zod";
import { type GraphEdge, GraphEdgeSchema } from "../../domain/graph-edge.js";
import { type GraphNode, GraphNodeSchema } from "../../domain/graph-node.js";

/** Row shapes as SQLite returns them; parsed with zod at the boundary. */
export const NodeRowSchema = z.object({ props: z.string() });

export function decodeNode(row: unknown): GraphNode {
  return GraphNodeSchema.parse(JSON.parse(NodeRowSchema.parse(row).props));
}

/**
 * One zod pass (the edge schema checks every column; props must be a JSON object string, else
 * "null" fails it): finalize decodes ~200k edges on 2Wiki, and a row pass first doubled that.
 */
export function decodeEdge(row: unknown): GraphEdge {
  const props = typeof row === "object" && row !== null && "props" in row ? row.props : undefined;
  return GraphEdgeSchema.parse({
    ...(row as object),
    props: JSON.parse(typeof props === "string" ? props : "null"),
  });
}

/** Property keys become JSON paths in SQL, so only plain identifiers are allowed. */
export function assertIdentifier(key: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(key)) throw new Error(`invalid property name: ${key}`);
  return key;
}

/** SQLite's JSON booleans are 0/1. */
export const sqlValue = (v: string | number | boolean): string | number =>
  typeof v === "boolean" ? Number(v) : v;

export const CountRowSchema = z.object({ doc_id: z.string(), key: z.string(), count: z.number() });
