/**
 * HTTP load benchmark (prints figures; asserts nothing): `agr serve` as a separate process on
 * loopback, N clients alternating POST /v1/retrieve and POST /v1/chat/completions (every k-th
 * chat streamed to [DONE]), rate limit off (AGR_HTTP_RATE_LIMIT=0).
 *   npm run bench:http -- [--clients 50] [--duration 60] [--store graph.db] [--upload file.pdf]
 *                         [--kill-test] [--stream-every 4] [--model agent] [--llm] [--timeout s] [--json]
 * Without --store, a temp store is built from samples/markdown and samples/html first.
 * Streamed chats report time to first token (the first chunk with answer text). --llm: the server
 * runs with AGR_LLM=openai on the project's local model server (npm run llm:serve: llama.cpp +
 * SmolLM2-135M), so the text is the generator's tokens as the model produces them.
 * --upload: uploads the file at a third of the run and reports its job and latency during ingestion.
 * --kill-test: the same upload, then kill -9 mid-ingest, restart, resume, and compare with a clean run.
 */
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, renameSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { cleanRun, compareRuns, finishRun } from "../../src/http/kill-resume.js";
import { fetchJson, JobViewSchema, spawnServe, storeCounts } from "../../src/http/serve-process.js";
import { startLlmServer } from "../../src/llm/test-llm-server.js";
import {
  errorKinds,
  slowest,
  summarizeAll,
  summarizePhases,
  table,
  timeToFirstToken,
} from "./http/latency-report.js";
import { runLoad } from "./http/load-clients.js";
import { ProcWatch } from "./http/proc-usage.js";
import {
  type KillOutcome,
  killDuringLoad,
  PhaseClock,
  type UploadOutcome,
  uploadDuringLoad,
} from "./http/upload-task.js";

const ROOT = resolve(import.meta.dirname, "../..");
const { values } = parseArgs({
  options: {
    clients: { type: "string", default: "50" },
    duration: { type: "string", default: "60" },
    store: { type: "string" },
    upload: { type: "string" },
    "kill-test": { type: "boolean", default: false },
    "stream-every": { type: "string", default: "4" },
    model: { type: "string", default: "agent" },
    llm: { type: "boolean", default: false },
    timeout: { type: "string" },
    json: { type: "boolean", default: false },
  },
});
const clients = Number(values.clients);
const duration = Number(values.duration);
const killTest = values["kill-test"];
const uploadFile =
  values.upload ?? (killTest ? join(ROOT, "../shared/corpora/pdf/uber_2021_form10k.pdf") : undefined);
if (!(clients > 0 && duration > 0)) throw new Error("--clients and --duration must be positive");
if (uploadFile && !existsSync(uploadFile)) throw new Error(`no such file: ${uploadFile}`);
const log = (line: string) => process.stderr.write(`[bench:http] ${line}\n`);
const llm = values.llm ? await startLlmServer() : undefined;
process.on("exit", () => llm?.stop());
if (llm) log(`local LLM server ${llm.baseUrl} (AGR_LLM=openai, smollm2-135m)`);
const ENV = {
  AGR_HTTP_RATE_LIMIT: "0",
  ...(llm ? { AGR_LLM: "openai", AGR_LLM_BASE_URL: llm.baseUrl, AGR_LLM_MODEL: "smollm2-135m" } : {}),
};

// The store: a given one (copied for --kill-test, which must rebuild it for the clean run), or samples.
const work = mkdtempSync(join(tmpdir(), "agr-http-load-"));
const run = join(work, "run");
mkdirSync(run);
let store = join(run, "graph.db");
if (values.store && !killTest) store = resolve(values.store);
else if (values.store)
  cpSync(dirname(resolve(values.store)), run, { recursive: true, filter: (f) => !f.includes("/jobs") });
else {
  log("building the store from samples/markdown and samples/html");
  const r = spawnSync(
    process.execPath,
    [
      join(ROOT, "bin/agr.mjs"),
      "ingest",
      join(ROOT, "samples/markdown"),
      join(ROOT, "samples/html"),
      "--store",
      store,
    ],
    { env: { ...process.env, AGR_STORE: "" }, stdio: ["ignore", "ignore", "inherit"] },
  );
  if (r.status !== 0) throw new Error("agr ingest failed");
}
const pristine = join(work, "pristine");
if (killTest) cpSync(run, pristine, { recursive: true });

const server = await spawnServe({ store, env: ENV });
const watch = new ProcWatch(server.pid);
let url = server.url;
log(
  `server ${url} (pid ${server.pid}), rate limit off (AGR_HTTP_RATE_LIMIT=0); ${clients} clients × ${duration} s`,
);

const clock = new PhaseClock(uploadFile ? "before" : "load");
let uploaded: Promise<UploadOutcome | KillOutcome> | undefined;
// The kill test keeps the clients going until the resumed job finished, so the kill, the
// downtime and the resumed ingestion all happen under load.
let scenarioDone = !killTest;
const timer = uploadFile
  ? setTimeout(
      () => {
        uploaded = killTest
          ? killDuringLoad(server, store, uploadFile, ENV, clock, log)
          : uploadDuringLoad(server, uploadFile, clock, log);
        uploaded.then(
          () => {
            scenarioDone = true;
          },
          (error: unknown) => {
            scenarioDone = true;
            log(`upload task failed: ${String(error)}`);
          },
        );
      },
      (duration * 1000) / 3,
    )
  : undefined;
const samples = await runLoad({
  url: () => url,
  clients,
  durationMs: duration * 1000,
  streamEvery: Number(values["stream-every"]),
  model: values.model,
  phase: () => clock.phase,
  // A question costs several calls of the one-slot local model: minutes under load.
  timeoutMs: Number(values.timeout ?? (values.llm ? 900 : 120)) * 1000,
  keepGoing: () => !scenarioDone,
});
const phaseSeconds = clock.freeze();
const seconds = Object.values(phaseSeconds).reduce((a, b) => a + b, 0);
clearTimeout(timer);
log(`load done: ${samples.length} requests${uploaded ? "; waiting for the upload's job" : ""}`);
const upload = await uploaded;
const live = upload && "restarted" in upload ? upload.restarted : server;
url = live.url;

const servers = [watch.stop(), ...(upload && "restarted" in upload ? [upload.restartedWatch.stop()] : [])];
const result: Record<string, unknown> = {
  settings: {
    clients,
    duration_s: duration,
    load_seconds: Math.round(seconds * 10) / 10,
    stream_every: Number(values["stream-every"]),
    model: values.model,
    llm: llm ? "local llama.cpp server, smollm2-135m" : "none",
  },
  note: "server run with AGR_HTTP_RATE_LIMIT=0 (rate limit off); latency percentiles over successful requests",
  endpoints: summarizeAll(samples, seconds),
  time_to_first_token: timeToFirstToken(samples),
  phases: summarizePhases(samples, phaseSeconds),
  phase_seconds: phaseSeconds,
  errors: errorKinds(samples),
  slowest: slowest(samples),
  server: servers.map((s) => ({ ...s, cpu_cores_avg: Math.round((s.cpu_s / s.seconds) * 100) / 100 })),
  ...(upload
    ? { upload: { file: uploadFile, ...upload, restarted: undefined, restartedWatch: undefined } }
    : {}),
};

if (killTest && upload && "restarted" in upload) {
  const resumed = await finishRun(
    live,
    store,
    await jobView(live.url, upload.job_id),
    upload.seconds_to_finish * 1000,
  );
  renameSync(run, join(work, "killed"));
  cpSync(pristine, run, { recursive: true });
  log("clean run: same store and upload path, no kill");
  const clean = await cleanRun(uploadFile as string, store, ENV);
  const diffs = compareRuns(resumed, clean);
  result.kill_test = {
    equal: diffs.length === 0,
    differences: diffs,
    resumed: {
      counts: resumed.counts,
      integrity: resumed.integrity,
      job: resumed.job.report,
      seconds: upload.seconds_to_finish,
    },
    clean: {
      counts: clean.counts,
      integrity: clean.integrity,
      job: clean.job.report,
      seconds: clean.ms / 1000,
    },
  };
} else {
  result.final_counts = (await storeCounts(live.url)).totals;
  await live.stop();
}

llm?.stop();
if (values.json) process.stdout.write(`${JSON.stringify(result, null, 1)}\n`);
else print(result);

function jobView(base: string, id: string) {
  return fetchJson(`${base}/v1/jobs/${id}`, JobViewSchema);
}

function print(r: Record<string, unknown>): void {
  const t = r.time_to_first_token as ReturnType<typeof timeToFirstToken>;
  const out = [
    `${r.note}`,
    "",
    table(r.endpoints as ReturnType<typeof summarizeAll>),
    "",
    `time to first token (chat_stream, ${t.streams} streams): P50 ${t.p50_ms} ms, P95 ${t.p95_ms} ms, max ${t.max_ms} ms` +
      ` (whole stream P50 ${t.stream_p50_ms} ms, P95 ${t.stream_p95_ms} ms)`,
  ];
  const phases = Object.entries(r.phases as Record<string, ReturnType<typeof summarizeAll>>);
  for (const [phase, rows] of phases.length > 1 ? phases : [])
    out.push(
      "",
      `phase "${phase}" (${(r.phase_seconds as Record<string, number>)[phase]?.toFixed(1)} s):`,
      table(rows),
    );
  out.push(
    "",
    `errors: ${JSON.stringify(r.errors)}`,
    `slowest: ${JSON.stringify(r.slowest)}`,
    `server: ${JSON.stringify(r.server)}`,
  );
  if (r.upload) out.push(`upload: ${JSON.stringify(r.upload)}`);
  if (r.final_counts) out.push(`final counts: ${JSON.stringify(r.final_counts)}`);
  if (r.kill_test) out.push(`kill test: ${JSON.stringify(r.kill_test, null, 1)}`);
  console.log(out.join("\n"));
}
