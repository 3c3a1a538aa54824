import type { GraphEdge } from "../../domain/graph-edge.js";
import type { GraphNode } from "../../domain/graph-node.js";
import { userError } from "../../errors.js";
import type { Subgraph, TraverseOptions } from "../graph-store.js";
import { decodeEdge, decodeNode } from "./rows.js";
import type { Statements } from "./statements.js";

const edgeKey = (e: GraphEdge) => `${e.src}\u0000${e.type}\u0000${e.dst}\u0000${e.section_id}`;

/** Breadth-first, one query per hop and direction; edges are kept only between reached nodes. */
export function traverseGraph(st: Statements, start: readonly string[], options: TraverseOptions): Subgraph {
  const depth = options.depth ?? 1;
  if (!Number.isInteger(depth) || depth < 1 || depth > 5) throw userError("bad_depth", "depth must be 1–5");
  const direction = options.direction ?? "both";
  const types = options.edgeTypes ? new Set(options.edgeTypes) : null;
  const limit = options.limit ?? 10_000;
  const seen = new Set(start);
  const edges = new Map<string, GraphEdge>();
  let frontier = [...seen];
  for (let hop = 0; hop < depth && frontier.length > 0 && seen.size < limit; hop++) {
    const ids = JSON.stringify(frontier);
    const found: GraphEdge[] = [];
    if (direction !== "in") found.push(...st.edgesFrom.all(ids).map(decodeEdge));
    if (direction !== "out") found.push(...st.edgesTo.all(ids).map(decodeEdge));
    const next: string[] = [];
    for (const e of found) {
      if (types && !types.has(e.type)) continue;
      for (const id of [e.src, e.dst]) {
        if (seen.has(id) || seen.size >= limit) continue;
        seen.add(id);
        next.push(id);
      }
      if (seen.has(e.src) && seen.has(e.dst)) edges.set(edgeKey(e), e);
    }
    frontier = next;
  }
  const nodes: GraphNode[] = st.getNodes.all(JSON.stringify([...seen])).map(decodeNode);
  return { nodes, edges: [...edges.values()] };
}
