import { availableParallelism } from "node:os";
import { configDefaults, defineConfig } from "vitest/config";

// Scratch copies, eval stores and model caches are not part of the suite.
const exclude = [...configDefaults.exclude, ".scratch/**", ".agr/**", ".cache/**"];

export default defineConfig({
  test: {
    exclude,
    // Two files at a time at least: vitest's default (cores - 1) runs one at a time on 2 cores, where
    // most of a server-backed file's time is spent waiting on its servers (Neo4j files still take
    // the shared server one at a time).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Once per run (the projects below do not inherit it): the run's temp root and shared Neo4j.
    globalSetup: ["test/temp-root.ts"],
    // The teardown stops the shared Neo4j (SIGTERM, SIGKILL after 30 s) before removing its home.
    teardownTimeout: 60_000,
    projects: [
      {
        // Unit tests start no servers, mock no modules and set no environment, so they share one
        // module graph instead of importing it afresh per file: 145 s -> 50 s for the 223 files
        // (`--isolate` restores a fresh graph per file; they also pass in shuffled file orders).
        test: { name: "unit", exclude: [...exclude, "**/*.int.test.ts"], isolate: false },
      },
      {
        // Server-backed tests keep a fresh module graph per file.
        // Their hooks start and remove servers and installed trees: 60 s, not 10, on a loaded machine.
        test: { name: "int", include: ["**/*.int.test.ts"], exclude, hookTimeout: 60_000 },
      },
    ],
  },
});
