/**
 * Writes an embedded store of `size` chunks (copies of the base, see copies.ts) through
 * store.write batches, as ingest does after embedding: the time measured is the store's own
 * (no parsing, no embedding). Then the HNSW indexes are built once and saved beside the file, as
 * the first dense search of a store does, timed apart.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { z } from "zod";
import { SqliteGraphStore } from "../../../src/store/embedded/sqlite-store.js";
import type { WriteBatch } from "../../../src/store/graph-store.js";
import { diskBytes, timed } from "../store/measure.js";
import type { BaseStore } from "./base-store.js";
import { copier } from "./copies.js";

export interface BuildStats {
  chunks: number;
  nodes: number;
  edges: number;
  vectors: number;
  /** Milliseconds in store.write per phase, and building the HNSW indexes. */
  write_ms: { nodes: number; edges: number; vectors: number };
  ann_ms: number;
  /** Store file, WAL and saved indexes. */
  disk_bytes: number;
}

const BATCH = { nodes: 2000, edges: 5000, vectors: 1000 };

export async function buildStore(
  file: string,
  base: BaseStore,
  size: number,
  progress: (line: string) => void,
): Promise<BuildStats> {
  const store = SqliteGraphStore.open(file);
  const copyOf = copier(base);
  const per = base.chunks.length;
  const stats: BuildStats = {
    chunks: 0,
    nodes: 0,
    edges: 0,
    vectors: 0,
    write_ms: { nodes: 0, edges: 0, vectors: 0 },
    ann_ms: 0,
    disk_bytes: 0,
  };
  const write = async (phase: keyof BuildStats["write_ms"], batch: WriteBatch) => {
    stats.write_ms[phase] += (await timed(() => store.write(batch)))[1];
  };
  try {
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
      if (r % 10 === 9) progress(`  ${stats.chunks} chunks written`);
    }
    const probe = new Float32Array(base.model.dim).fill(1 / Math.sqrt(base.model.dim));
    [, stats.ann_ms] = await timed(async () => {
      for (const kind of ["text", "heading"]) await store.searchVectors(probe, { kind, k: 10 });
    });
  } finally {
    await store.close();
  }
  const dir = dirname(file);
  const name = basename(file);
  stats.disk_bytes = readdirSync(dir)
    .filter((f) => f.startsWith(name))
    .reduce((sum, f) => sum + diskBytes(join(dir, f)), 0);
  return stats;
}

const KeptBuildSchema = z.object({
  created: z.string(),
  load: z.string(),
  build: z.object({
    chunks: z.number(),
    nodes: z.number(),
    edges: z.number(),
    vectors: z.number(),
    write_ms: z.object({ nodes: z.number(), edges: z.number(), vectors: z.number() }),
    ann_ms: z.number(),
    disk_bytes: z.number(),
  }),
});
export type KeptBuild = z.infer<typeof KeptBuildSchema>;

/** Writes the build figures beside the store, so a later --reuse run can report them. */
export function saveBuild(file: string, build: BuildStats, load: string): void {
  const kept: KeptBuild = { created: new Date().toISOString(), load, build };
  writeFileSync(`${file}.build.json`, `${JSON.stringify(kept, null, 2)}\n`);
}

/** The build figures of a kept store (undefined when the store or its figures are missing). */
export function keptBuild(file: string): KeptBuild | undefined {
  if (!existsSync(file) || !existsSync(`${file}.build.json`)) return undefined;
  return KeptBuildSchema.parse(JSON.parse(readFileSync(`${file}.build.json`, "utf8")));
}
