import type { ManagedTransaction } from "neo4j-driver";
import type { GraphEdge } from "../../domain/graph-edge.js";
import { userError } from "../../errors.js";
import type { TraverseOptions } from "../graph-store.js";
import { EDGES_FROM, EDGES_TO } from "./cypher.js";
import { decodeEdge } from "./records.js";

const edgeKey = (e: GraphEdge) => `${e.src}\u0000${e.type}\u0000${e.dst}\u0000${e.section_id}`;

/**
 * Breadth-first in one read transaction, one query per hop and direction, with the embedded
 * store's rules (src/store/embedded/traverse.ts): the limit counts reached nodes, start included,
 * and edges are kept only between reached nodes. Returns the reached ids and the edges.
 */
export async function traverseNeo4j(
  tx: ManagedTransaction,
  start: readonly string[],
  options: TraverseOptions,
): Promise<{ ids: string[]; edges: GraphEdge[] }> {
  const depth = options.depth ?? 1;
  if (!Number.isInteger(depth) || depth < 1 || depth > 5) throw userError("bad_depth", "depth must be 1–5");
  const direction = options.direction ?? "both";
  const types = options.edgeTypes ? [...options.edgeTypes] : null;
  const limit = options.limit ?? 10_000;
  const seen = new Set(start);
  const edges = new Map<string, GraphEdge>();
  let frontier = [...seen];
  for (let hop = 0; hop < depth && frontier.length > 0 && seen.size < limit; hop++) {
    const params = { ids: frontier, types };
    const found: GraphEdge[] = [];
    if (direction !== "in")
      found.push(...(await tx.run(EDGES_FROM, params)).records.map((r) => decodeEdge(r.toObject())));
    if (direction !== "out")
      found.push(...(await tx.run(EDGES_TO, params)).records.map((r) => decodeEdge(r.toObject())));
    const next: string[] = [];
    for (const e of found) {
      for (const id of [e.src, e.dst]) {
        if (seen.has(id) || seen.size >= limit) continue;
        seen.add(id);
        next.push(id);
      }
      if (seen.has(e.src) && seen.has(e.dst)) edges.set(edgeKey(e), e);
    }
    frontier = next;
  }
  return { ids: [...seen], edges: [...edges.values()] };
}
