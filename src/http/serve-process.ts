import { type ChildProcess, spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import { basename, resolve } from "node:path";
import { z } from "zod";
import { JobSchema } from "../service/job-store.js";

const BIN = resolve(import.meta.dirname, "../../bin/agr.mjs");

const ListeningSchema = z.object({ url: z.string().url(), port: z.number().int(), pid: z.number().int() });

/** `agr serve` as a separate process, the way a user runs it (load script, kill -9 test). */
export interface ServeProcess {
  url: string;
  port: number;
  pid: number;
  child: ChildProcess;
  /** Resolves with the exit signal (null after a normal exit). */
  exited: Promise<NodeJS.Signals | null>;
  /** What the server wrote on stderr so far (its log). */
  log(): string;
  /** kill -9: no shutdown hook runs, the store and job files stay as they were. */
  kill9(): Promise<void>;
  /** SIGTERM: the graceful stop. */
  stop(): Promise<NodeJS.Signals | null>;
}

export interface SpawnServeOptions {
  /** The embedded store file; absent = the store the environment selects (NEO4J_URI in `env`). */
  store?: string;
  /** Default 0 (any free port); a restart passes the old one so clients keep their URL. */
  port?: number;
  /** Extra environment (AGR_*); AGR_STORE, AGR_DATA_DIR and AGR_HTTP_PORT from the caller's are cleared. */
  env?: Record<string, string>;
  /** More `agr serve` arguments, e.g. --allow-public. */
  args?: string[];
  /** Waits for /readyz too (models loaded). Default true. */
  ready?: boolean;
  timeoutMs?: number;
}

/** Starts `node bin/agr.mjs serve --port 0 --store <store>` and reads its `{"url","port","pid"}` line. */
export async function spawnServe(options: SpawnServeOptions): Promise<ServeProcess> {
  const timeoutMs = options.timeoutMs ?? 120_000;
  const child = spawn(
    process.execPath,
    [
      BIN,
      "serve",
      "--port",
      String(options.port ?? 0),
      ...(options.store ? ["--store", options.store] : []),
      ...(options.args ?? []),
    ],
    {
      env: { ...process.env, AGR_STORE: "", AGR_DATA_DIR: "", AGR_HTTP_PORT: "", ...options.env },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let stderr = "";
  child.stderr?.on("data", (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-20_000);
  });
  const exited = new Promise<NodeJS.Signals | null>((done) => child.on("exit", (_c, signal) => done(signal)));
  const line = await new Promise<string>((done, fail) => {
    let out = "";
    const timer = setTimeout(
      () => fail(new Error(`agr serve printed no URL in ${timeoutMs} ms: ${stderr}`)),
      timeoutMs,
    );
    child.stdout?.on("data", (d: Buffer) => {
      out += d.toString();
      const nl = out.indexOf("\n");
      if (nl >= 0) {
        clearTimeout(timer);
        done(out.slice(0, nl));
      }
    });
    void exited.then(() => {
      clearTimeout(timer);
      fail(new Error(`agr serve exited before listening: ${stderr}`));
    });
  });
  const { url, port, pid } = ListeningSchema.parse(JSON.parse(line));
  const proc: ServeProcess = {
    url,
    port,
    pid,
    child,
    exited,
    log: () => stderr,
    kill9: async () => {
      child.kill("SIGKILL");
      await exited;
    },
    stop: async () => {
      child.kill("SIGTERM");
      return exited;
    },
  };
  if (options.ready ?? true) {
    try {
      await waitReady(url, timeoutMs);
    } catch (error) {
      await proc.kill9();
      throw error;
    }
  }
  return proc;
}

/** Polls /readyz until 200. */
export async function waitReady(url: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(`${url}/readyz`).catch(() => undefined);
    await res?.body?.cancel();
    if (res?.status === 200) return;
    if (Date.now() > until) throw new Error(`${url} not ready after ${timeoutMs} ms (${res?.status})`);
    await sleep(200);
  }
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** GET (or POST with a JSON body), 2xx required, the body checked against `schema`. */
export async function fetchJson<S extends z.ZodType>(
  url: string,
  schema: S,
  init: { method?: string; body?: unknown } = {},
): Promise<z.infer<S>> {
  const method = init.method ?? (init.body === undefined ? "GET" : "POST");
  const send = () =>
    fetch(url, {
      method,
      ...(init.body === undefined
        ? {}
        : { headers: { "content-type": "application/json" }, body: JSON.stringify(init.body) }),
    });
  // A GET is safe to repeat: one retry after a network error (a reset socket), never after an answer.
  const res = await send().catch(async (error: unknown) => {
    if (method !== "GET") throw error;
    await sleep(200);
    return send();
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? "GET"} ${url}: ${res.status} ${text.slice(0, 300)}`);
  return schema.parse(JSON.parse(text));
}

const AcceptedSchema = z.object({ job_id: JobSchema.shape.id });

/** Uploads one file through POST /v1/documents (multipart, field `file`); returns the job id. */
export async function uploadFile(url: string, path: string): Promise<string> {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(await readFile(path))]), basename(path));
  const res = await fetch(`${url}/v1/documents`, {
    method: "POST",
    body: form,
    headers: { "x-requested-with": "agr" },
  });
  const text = await res.text();
  if (res.status !== 202) throw new Error(`upload refused: ${res.status} ${text.slice(0, 300)}`);
  return AcceptedSchema.parse(JSON.parse(text)).job_id;
}

export const JobViewSchema = JobSchema.extend({
  documents: z.array(
    z.object({
      doc_id: z.string().nullable(),
      chunks: z.object({ PENDING: z.number(), PROCESSED: z.number(), FAILED: z.number() }),
    }),
  ),
});
export type JobView = z.infer<typeof JobViewSchema>;

/** Polls GET /v1/jobs/:id every `everyMs` until `done(job)`; throws after `timeoutMs`. */
export async function pollJob(
  url: string,
  id: string,
  done: (job: JobView) => boolean,
  options: { timeoutMs: number; everyMs?: number },
): Promise<JobView> {
  const until = Date.now() + options.timeoutMs;
  for (;;) {
    const job = await fetchJson(`${url}/v1/jobs/${id}`, JobViewSchema);
    if (done(job)) return job;
    if (job.status === "failed") throw new Error(`job ${id} failed: ${JSON.stringify(job.error)}`);
    if (Date.now() > until) throw new Error(`job ${id} still ${job.status} after ${options.timeoutMs} ms`);
    await sleep(options.everyMs ?? 100);
  }
}

const Counts = z.record(z.string(), z.number());
const StatsSchema = z.object({
  documents: z.array(z.looseObject({ doc_id: z.string(), uri: z.string() })),
  totals: z.looseObject({ chunks: z.number(), chunks_by_status: Counts }),
});
const GraphStatsSchema = z.object({ nodes: Counts, edges: Counts });

/** What two stores must agree on: /v1/stats (documents without their ids and paths) and /v1/graph/stats. */
export interface StoreCounts {
  documents: Array<Record<string, unknown>>;
  totals: Record<string, unknown>;
  nodes: Record<string, number>;
  edges: Record<string, number>;
}

export async function storeCounts(url: string): Promise<StoreCounts> {
  const stats = await fetchJson(`${url}/v1/stats`, StatsSchema);
  const graph = await fetchJson(`${url}/v1/graph/stats`, GraphStatsSchema);
  return {
    // Ids and URIs name the upload folder, which differs between two stores: compare the counts.
    documents: stats.documents.map(({ doc_id: _d, uri: _u, ...rest }) => rest),
    totals: stats.totals,
    nodes: graph.nodes,
    edges: graph.edges,
  };
}
