import type { ManagedTransaction } from "neo4j-driver";
import type { GraphEdge } from "../../domain/graph-edge.js";
import { breadthFirst } from "../breadth-first.js";
import type { TraverseOptions } from "../graph-store.js";
import { EDGES_FROM, EDGES_TO } from "./cypher.js";
import { decodeEdge } from "./records.js";

/**
 * The shared breadth-first rules (src/store/breadth-first.ts) in one read transaction, one query
 * per hop and direction with the edge types filtered in Cypher. Returns the reached ids and the edges.
 */
export function traverseNeo4j(
  tx: ManagedTransaction,
  start: readonly string[],
  options: TraverseOptions,
): Promise<{ ids: string[]; edges: GraphEdge[] }> {
  return breadthFirst(start, options, async (frontier, direction, types) =>
    (await tx.run(direction === "out" ? EDGES_FROM : EDGES_TO, { ids: [...frontier], types })).records.map(
      (r) => decodeEdge(r.toObject()),
    ),
  );
}
