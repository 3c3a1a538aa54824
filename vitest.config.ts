import { configDefaults, defineConfig } from "vitest/config";

// Scratch copies, eval stores and model caches are not part of the suite.
export default defineConfig({
  test: {
    exclude: [...configDefaults.exclude, ".scratch/**", ".agr/**", ".cache/**"],
    globalSetup: ["test/temp-root.ts"],
    // The teardown stops the shared Neo4j (SIGTERM, SIGKILL after 30 s) before removing its home.
    teardownTimeout: 60_000,
  },
});
