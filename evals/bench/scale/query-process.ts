/** The query side of one store, run in a fresh node process (query-store.ts); its figures parsed. */
import { spawnSync } from "node:child_process";
import { type QueryStats, QueryStatsSchema } from "./scale-rows.js";

/** `target`: ["--store", file] or ["--neo4j", uri]. */
export function runQueryProcess(target: readonly string[], questions: string, queries: string): QueryStats {
  const child = spawnSync(
    process.execPath,
    [
      "--import",
      "tsx",
      "evals/bench/scale/query-store.ts",
      ...target,
      "--questions",
      questions,
      "--queries",
      queries,
    ],
    { encoding: "utf8", maxBuffer: 1 << 24, stdio: ["ignore", "pipe", "inherit"] },
  );
  if (child.status !== 0) throw new Error(`query process failed (${child.status ?? child.signal})`);
  return QueryStatsSchema.parse(JSON.parse(child.stdout.trim().split("\n").pop() ?? "{}"));
}
