import type { GraphEdge } from "../../domain/graph-edge.js";
import type { GraphNode } from "../../domain/graph-node.js";
import type { VectorModel, VectorRow } from "../graph-store.js";

/**
 * A batch's nodes with each id written once: the last version (an upsert keeps the last
 * anyway) at the place of the first (where the row's rid is given out, so rids do not change).
 * An id that comes with two labels keeps all its versions in order: a Chunk's FTS row depends
 * on the sequence. Extraction names the same entity in many chunks: a third of a 2Wiki batch.
 */
export function latestNodes(nodes: readonly GraphNode[]): GraphNode[] {
  const last = new Map<string, GraphNode>();
  const mixed = new Set<string>();
  for (const n of nodes) {
    const seen = last.get(n.id);
    if (seen && seen.label !== n.label) mixed.add(n.id);
    last.set(n.id, n);
  }
  if (last.size === nodes.length) return [...nodes];
  const out: GraphNode[] = [];
  const placed = new Set<string>();
  for (const n of nodes) {
    if (mixed.has(n.id)) out.push(n);
    else if (!placed.has(n.id)) {
      placed.add(n.id);
      out.push(last.get(n.id) as GraphNode);
    }
  }
  return out;
}

/**
 * A batch's edges by source (stable: a repeated key keeps its order, so the upsert still
 * leaves the last version): inserting along the primary key's first column keeps consecutive
 * inserts on neighbouring pages. Rows are a set (WITHOUT ROWID), so order changes nothing stored.
 */
export function sortedEdges(edges: readonly GraphEdge[]): GraphEdge[] {
  return [...edges].sort((a, b) => (a.src < b.src ? -1 : a.src > b.src ? 1 : 0));
}

type VectorGroup = { model: VectorModel; rows: readonly VectorRow[] };

/**
 * Consecutive vector groups of one model merged, rows in order: a batch brings one group per
 * chunk, and each upsert call re-reads the model, prepares its statements and bumps the
 * vectors generation (once per batch is what readers need: it only has to change).
 */
export function mergedVectors(groups: readonly VectorGroup[]): VectorGroup[] {
  const out: Array<{ model: VectorModel; rows: VectorRow[] }> = [];
  for (const g of groups) {
    const last = out[out.length - 1];
    if (last && last.model.id === g.model.id && last.model.dim === g.model.dim) last.rows.push(...g.rows);
    else out.push({ model: g.model, rows: [...g.rows] });
  }
  return out;
}
