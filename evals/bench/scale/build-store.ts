/**
 * Writes an embedded store of `size` chunks (copies of the base, see write-copies.ts), then
 * builds the HNSW indexes once and saves them beside the file, as the first dense search of a
 * store does, timed apart. A kept store's build figures sit beside it (`<store>.build.json`).
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { z } from "zod";
import { SqliteGraphStore } from "../../../src/store/embedded/sqlite-store.js";
import { diskBytes, timed } from "../store/measure.js";
import type { BaseStore } from "./base-store.js";
import { type BuildStats, BuildStatsSchema } from "./scale-rows.js";
import { writeCopies } from "./write-copies.js";

export async function buildStore(
  file: string,
  base: BaseStore,
  size: number,
  progress: (line: string) => void,
): Promise<BuildStats> {
  const store = SqliteGraphStore.open(file);
  let stats: BuildStats;
  try {
    stats = { ...(await writeCopies(store, base, size, progress)), ann_ms: 0, disk_bytes: 0 };
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
  build: BuildStatsSchema,
  /** Neo4j: the JVM's peak resident memory while writing. */
  jvm_build_peak_bytes: z.number().optional(),
});
export type KeptBuild = z.infer<typeof KeptBuildSchema>;

/** Writes the build figures beside the store, so a later --reuse run can report them. */
export function saveBuild(file: string, build: BuildStats, load: string, jvmPeak?: number): void {
  const kept: KeptBuild = { created: new Date().toISOString(), load, build };
  if (jvmPeak !== undefined) kept.jvm_build_peak_bytes = jvmPeak;
  writeFileSync(`${file}.build.json`, `${JSON.stringify(kept, null, 2)}\n`);
}

/** The build figures of a kept store file or Neo4j home (undefined when it or its figures are missing). */
export function keptBuild(file: string): KeptBuild | undefined {
  if (!existsSync(file) || !existsSync(`${file}.build.json`)) return undefined;
  return KeptBuildSchema.parse(JSON.parse(readFileSync(`${file}.build.json`, "utf8")));
}
