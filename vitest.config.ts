import { configDefaults, defineConfig } from "vitest/config";

// Scratch copies, eval stores and model caches are not part of the suite.
export default defineConfig({
  test: {
    exclude: [...configDefaults.exclude, ".scratch/**", ".agr/**", ".cache/**"],
    globalSetup: ["test/temp-root.ts"],
  },
});
