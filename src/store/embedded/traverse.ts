import type { GraphNode } from "../../domain/graph-node.js";
import { breadthFirst } from "../breadth-first.js";
import type { Subgraph, TraverseOptions } from "../graph-store.js";
import { decodeEdge, decodeNode } from "./rows.js";
import type { Statements } from "./statements.js";

/** The shared breadth-first rules over SQLite: one query per hop and direction (types filtered after). */
export async function traverseGraph(
  st: Statements,
  start: readonly string[],
  options: TraverseOptions,
): Promise<Subgraph> {
  const { ids, edges } = await breadthFirst(start, options, async (frontier, direction) =>
    (direction === "out" ? st.edgesFrom : st.edgesTo).all(JSON.stringify(frontier)).map(decodeEdge),
  );
  const nodes: GraphNode[] = st.getNodes.all(JSON.stringify(ids)).map(decodeNode);
  return { nodes, edges };
}
