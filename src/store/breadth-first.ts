import type { GraphEdge } from "../domain/graph-edge.js";
import { userError } from "../errors.js";
import type { Direction, TraverseOptions } from "./graph-store.js";

const edgeKey = (e: GraphEdge) => `${e.src}\u0000${e.type}\u0000${e.dst}\u0000${e.section_id}`;

/** One hop's edges leaving ("out") or entering ("in") any frontier node, of the given types (null = all). */
export type HopEdges = (
  frontier: readonly string[],
  direction: Exclude<Direction, "both">,
  types: readonly string[] | null,
) => Promise<GraphEdge[]>;

/**
 * The port's traversal rules, shared by every store: breadth-first up to `depth` hops (1–5), one
 * edge fetch per hop and direction; the limit counts reached nodes, start included; edges are kept
 * only between reached nodes. Returns the reached ids and the edges.
 */
export async function breadthFirst(
  start: readonly string[],
  options: TraverseOptions,
  hopEdges: HopEdges,
): Promise<{ ids: string[]; edges: GraphEdge[] }> {
  const depth = options.depth ?? 1;
  if (!Number.isInteger(depth) || depth < 1 || depth > 5) throw userError("bad_depth", "depth must be 1–5");
  const direction = options.direction ?? "both";
  const types = options.edgeTypes ? [...options.edgeTypes] : null;
  const wanted = types ? new Set<string>(types) : null;
  const limit = options.limit ?? 10_000;
  const seen = new Set(start);
  const edges = new Map<string, GraphEdge>();
  let frontier = [...seen];
  for (let hop = 0; hop < depth && frontier.length > 0 && seen.size < limit; hop++) {
    const found: GraphEdge[] = [];
    if (direction !== "in") found.push(...(await hopEdges(frontier, "out", types)));
    if (direction !== "out") found.push(...(await hopEdges(frontier, "in", types)));
    const next: string[] = [];
    for (const e of found) {
      if (wanted && !wanted.has(e.type)) continue;
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
