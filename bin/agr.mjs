#!/usr/bin/env node
// Runs the built CLI (dist/, from `npm run build`, which `npm install` runs in a clone) when it is
// at least as new as every TypeScript source; else the sources through tsx, so someone editing
// the TypeScript never runs stale code. An installed package ships dist/ without sources.
// `agr eval` belongs to the eval harness (evals/), which nothing in src/ imports: it is plugged in here.
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const ROOT = join(import.meta.dirname, "..");
const DIST = join(ROOT, "dist");
/** Written by scripts/build.mjs with the time the build started. */
const STAMP = join(DIST, ".build-stamp");
const SOURCE_DIRS = ["src", "agents", "tools", "evals"];

/** True as soon as one source under `dir` changed after `since` (a few hundred stat calls). */
function changedSince(dir, since) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "node_modules" && changedSince(path, since)) return true;
    } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
      if (statSync(path).mtimeMs > since) return true;
    }
  }
  return false;
}

function distIsCurrent() {
  if (!existsSync(join(DIST, "src", "cli", "main.js"))) return false;
  if (!existsSync(join(ROOT, "src"))) return true;
  if (!existsSync(STAMP)) return false;
  const built = statSync(STAMP).mtimeMs;
  return !SOURCE_DIRS.some((dir) => existsSync(join(ROOT, dir)) && changedSince(join(ROOT, dir), built));
}

let main;
let evals;
if (process.env.AGR_CLI_FROM_SOURCE !== "1" && distIsCurrent()) {
  main = "../dist/src/cli/main.js";
  evals = "../dist/evals/cli/eval-command.js";
} else {
  const { register } = await import("tsx/esm/api");
  register();
  main = "../src/cli/main.ts";
  evals = "../evals/cli/eval-command.ts";
}
const [{ runAgr }, { registerEvalCommand }] = await Promise.all([import(main), import(evals)]);
await runAgr(process.argv, [registerEvalCommand]);
