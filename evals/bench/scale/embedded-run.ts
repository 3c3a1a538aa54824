/**
 * One size of the scale benchmark on the embedded store: build (or reuse a kept) store file in
 * `dir`, then time the queries in a fresh process; the file is removed unless kept.
 */
import { readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { BaseStore } from "./base-store.js";
import { buildStore, keptBuild, saveBuild } from "./build-store.js";
import { runQueryProcess } from "./query-process.js";
import { type BuildStats, type JvmMemory, type QueryStats, sizeLabel } from "./scale-rows.js";

export interface SizeOptions {
  dir: string;
  size: number;
  base: BaseStore;
  /** Query a store kept by an earlier run instead of building one. */
  reuse: boolean;
  keep: boolean;
  questions: string;
  queries: string;
  log: (line: string) => void;
  load: () => string;
}

export interface SizeRun {
  build: BuildStats;
  query: QueryStats;
  jvm?: JvmMemory;
  /** Load averages when the build ended (that run's, for a reused store). */
  buildLoad: string;
  /** When the reused store was built. */
  reusedFrom?: string;
}

export async function embeddedSize(o: SizeOptions): Promise<SizeRun> {
  const file = join(o.dir, `scale-${sizeLabel(o.size)}.db`);
  const kept = o.reuse ? keptBuild(file) : undefined;
  if (o.reuse && !kept) throw new Error(`--reuse: no kept store ${file} (with ${file}.build.json)`);
  const build = kept?.build ?? (await buildStore(file, o.base, o.size, o.log));
  const buildLoad = kept?.load ?? o.load();
  if (!kept) saveBuild(file, build, buildLoad);
  const query = runQueryProcess(["--store", file], o.questions, o.queries);
  if (!o.keep)
    for (const f of readdirSync(o.dir))
      if (f.startsWith(`scale-${sizeLabel(o.size)}.db`)) rmSync(join(o.dir, f));
  return { build, query, buildLoad, ...(kept ? { reusedFrom: kept.created } : {}) };
}
