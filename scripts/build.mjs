#!/usr/bin/env node
// `npm run build`: compiles src/, agents/, tools/ and evals/ (not tests) to dist/ as JavaScript
// with .d.ts (tsconfig.build.json, incremental), then writes dist/.build-stamp dated when the
// build started: bin/agr.mjs runs dist/ only while no source is newer than the stamp.
// Run by the postinstall step in a clone and by `npm pack` (prepack, with --pack: the tarball also
// needs web/dist, built here only when missing so a running server or test never sees it rewritten).
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, utimesSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const STAMP = join(ROOT, "dist", ".build-stamp");
const require = createRequire(join(ROOT, "package.json"));

let tsc;
try {
  tsc = require.resolve("typescript/bin/tsc");
} catch {
  process.stderr.write("build: typescript is not installed (it is a dev dependency); cannot build dist/\n");
  process.exit(1);
}
const started = new Date();
const run = spawnSync(process.execPath, [tsc, "-p", join(ROOT, "tsconfig.build.json")], {
  cwd: ROOT,
  stdio: "inherit",
});
if (run.status !== 0) {
  process.stderr.write(`build: tsc failed (exit ${run.status ?? run.signal}); dist/ is not current\n`);
  process.exit(1);
}
if (!existsSync(join(ROOT, "dist", "src", "lib", "index.js"))) {
  process.stderr.write("build: tsc finished but dist/src/lib/index.js is missing\n");
  process.exit(1);
}
mkdirSync(dirname(STAMP), { recursive: true });
writeFileSync(STAMP, `${started.toISOString()}\n`);
utimesSync(STAMP, started, started);
process.stderr.write(`build: dist/ built in ${((Date.now() - started.getTime()) / 1000).toFixed(1)} s\n`);
if (process.argv.includes("--pack") && !existsSync(join(ROOT, "web", "dist", "index.html"))) {
  const web = spawnSync(process.execPath, [join(ROOT, "scripts", "build-web.mjs")], {
    cwd: ROOT,
    stdio: "inherit",
  });
  if (web.status !== 0 || !existsSync(join(ROOT, "web", "dist", "index.html"))) {
    process.stderr.write("build: the package needs web/dist and it could not be built (npm run build:web)\n");
    process.exit(1);
  }
}
