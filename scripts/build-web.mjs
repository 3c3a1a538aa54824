#!/usr/bin/env node
// Builds the web UI (web/ → web/dist) that `agr serve` serves. Run by `npm install` (postinstall)
// and `npm run build:web`. An install without dev dependencies has no Vite: then it says so and
// exits 0, and the server shows a "UI not built" page instead of the app.
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(join(ROOT, "package.json"));

let vite;
try {
  vite = await import(require.resolve("vite"));
} catch {
  process.stderr.write("build-web: vite is not installed (production install?); skipping the UI build\n");
  process.exit(0);
}
if (process.env.AGR_SKIP_WEB_BUILD === "1") {
  process.stderr.write("build-web: AGR_SKIP_WEB_BUILD=1, skipping the UI build\n");
  process.exit(0);
}
const started = Date.now();
await vite.build({ configFile: join(ROOT, "web", "vite.config.ts"), logLevel: "warn" });
const index = join(ROOT, "web", "dist", "index.html");
if (!existsSync(index)) {
  process.stderr.write("build-web: the build finished but web/dist/index.html is missing\n");
  process.exit(1);
}
process.stderr.write(`build-web: web/dist built in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
