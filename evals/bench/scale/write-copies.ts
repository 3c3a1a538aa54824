/**
 * Writes `size` chunks of perturbed copies of the base (copies.ts) into any store through
 * store.write batches, as ingest does after embedding: the time measured is the store's own (no
 * parsing, no embedding). Shared by the embedded and the Neo4j builds, so both get the same rows
 * in the same batches.
 */
import type { GraphStore, WriteBatch } from "../../../src/store/graph-store.js";
import { timed } from "../store/measure.js";
import type { BaseStore } from "./base-store.js";
import { copier } from "./copies.js";
import type { BuildStats } from "./scale-rows.js";

export type WriteStats = Omit<BuildStats, "ann_ms" | "disk_bytes">;

/** Nodes / edges / vector rows per store.write (those of the store benchmark). */
const BATCH = { nodes: 2000, edges: 5000, vectors: 1000 };

export async function writeCopies(
  store: Pick<GraphStore, "write">,
  base: BaseStore,
  size: number,
  progress: (line: string) => void,
): Promise<WriteStats> {
  const copyOf = copier(base);
  const per = base.chunks.length;
  // Copies of nothing would never reach the size.
  if (per === 0) throw new Error("the base store holds no chunks to copy");
  const stats: WriteStats = {
    chunks: 0,
    nodes: 0,
    edges: 0,
    vectors: 0,
    write_ms: { nodes: 0, edges: 0, vectors: 0 },
  };
  const write = async (phase: keyof WriteStats["write_ms"], batch: WriteBatch) => {
    stats.write_ms[phase] += (await timed(() => store.write(batch)))[1];
  };
  let shown = performance.now();
  for (let r = 0; stats.chunks < size; r++) {
    const copy = copyOf(r, Math.min(per, size - stats.chunks));
    for (let i = 0; i < copy.nodes.length; i += BATCH.nodes)
      await write("nodes", { nodes: copy.nodes.slice(i, i + BATCH.nodes) });
    for (let i = 0; i < copy.edges.length; i += BATCH.edges)
      await write("edges", { edges: copy.edges.slice(i, i + BATCH.edges) });
    for (let i = 0; i < copy.vectors.length; i += BATCH.vectors)
      await write("vectors", {
        vectors: [{ model: base.model, rows: copy.vectors.slice(i, i + BATCH.vectors) }],
      });
    stats.chunks += copy.chunks;
    stats.nodes += copy.nodes.length;
    stats.edges += copy.edges.length;
    stats.vectors += copy.vectors.length;
    // Every half minute: a slow backend's rate is seen (and extrapolated) while it writes.
    if (performance.now() - shown >= 30_000 || stats.chunks >= size) {
      shown = performance.now();
      const { nodes, edges, vectors } = stats.write_ms;
      progress(
        `  ${stats.chunks} chunks written (${(stats.chunks / (writeMs(stats) / 1000)).toFixed(0)} chunks/s so far; ` +
          `s in nodes/edges/vectors ${[nodes, edges, vectors].map((t) => (t / 1000).toFixed(0)).join("/")})`,
      );
    }
  }
  return stats;
}

/** Write milliseconds over all phases. */
export const writeMs = (b: Pick<BuildStats, "write_ms">) =>
  b.write_ms.nodes + b.write_ms.edges + b.write_ms.vectors;
