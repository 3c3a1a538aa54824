#!/usr/bin/env node
// npm's postinstall: what each kind of install needs, and nothing else.
//  - Always: the local embedding models (scripts/fetch-models.mjs; AGR_MODEL_DIR points it at
//    another folder, AGR_SKIP_MODEL_FETCH=1 skips it loudly).
//  - In a clone (the TypeScript sources are there): the web UI (web/ → web/dist, needs the dev
//    dependencies) and the built CLI and library (dist/, `npm run build`).
//  - In an installed package: nothing more; dist/ and web/dist ship in the tarball.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const isClone = existsSync(join(ROOT, "tsconfig.build.json")) && existsSync(join(ROOT, "src"));

function step(script, { required = true } = {}) {
  const run = spawnSync(process.execPath, [join(ROOT, "scripts", script)], { cwd: ROOT, stdio: "inherit" });
  if (run.status === 0) return;
  if (required) process.exit(run.status ?? 1);
  process.stderr.write(
    `postinstall: ${script} failed; agr runs the TypeScript sources until npm run build\n`,
  );
}

function hasTypeScript() {
  try {
    createRequire(join(ROOT, "package.json")).resolve("typescript/bin/tsc");
    return true;
  } catch {
    return false;
  }
}

step("fetch-models.mjs");
if (isClone) {
  step("build-web.mjs");
  // Without dev dependencies there is no compiler: bin/agr.mjs then runs the sources through tsx.
  // A failed build leaves no stamp: the CLI then runs the sources (slower start), nothing breaks.
  if (hasTypeScript()) step("build.mjs", { required: false });
  else
    process.stderr.write(
      "postinstall: typescript is not installed; dist/ not built (agr runs the sources)\n",
    );
}
