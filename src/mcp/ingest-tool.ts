import type { z } from "zod";
import { notFound } from "../errors.js";
import { allowedPaths } from "../http/routes/documents.js";
import type { Engine } from "../service/engine.js";
import type { Job } from "../service/job-store.js";
import type { IngestInputSchema, IngestOutput } from "./mcp-schemas.js";

/** Under the 60 s default request timeout of the SDK's client (and of most hosts built on it). */
export const DEFAULT_INGEST_WAIT_S = 50;
const POLL_MS = 250;

export interface IngestToolOptions {
  /** The longest any call may wait (the HTTP deadline, less a margin); default unbounded. */
  maxWaitSeconds?: number;
  /** Called while waiting, when the job moved (the host's progress notifications). */
  onProgress?: (job: Job) => Promise<void>;
  signal?: AbortSignal;
}

const ended = (job: Job) => job.status === "succeeded" || job.status === "failed";

/**
 * `paths`: the same check as POST /v1/documents {paths} (inside the configured roots after
 * resolving links; outside is one 403-style refusal whether or not the path exists), then one
 * background job on the engine's queue, like the HTTP route. The call then waits for the job up to
 * `wait_seconds`: an agent host expects the tool's answer to say what happened, but also expects
 * an answer within its request timeout, so a long ingest returns unfinished with its job id and
 * `{job_id}` waits on (or just reports) it. The job keeps running either way.
 */
export async function ingestTool(
  engine: Engine,
  args: z.output<typeof IngestInputSchema>,
  options: IngestToolOptions = {},
): Promise<IngestOutput> {
  let job: Job | undefined;
  if (args.paths) {
    const files = await allowedPaths(args.paths, engine.config.httpIngestRoots);
    job = engine.jobs.submit("path", files);
  } else {
    job = engine.jobs.get(args.job_id ?? "");
    if (!job) throw notFound("unknown_job", `no ingest job ${args.job_id}`);
  }
  const wait = Math.min(args.wait_seconds ?? DEFAULT_INGEST_WAIT_S, options.maxWaitSeconds ?? Infinity);
  const until = Date.now() + wait * 1000;
  let seen = JSON.stringify(job.progress);
  while (!ended(job) && Date.now() < until && !options.signal?.aborted) {
    await new Promise((r) => setTimeout(r, Math.min(POLL_MS, Math.max(0, until - Date.now()))));
    job = engine.jobs.get(job.id) ?? job;
    const now = JSON.stringify(job.progress);
    if (now !== seen) {
      seen = now;
      await options.onProgress?.(job).catch(() => undefined);
    }
  }
  return {
    job_id: job.id,
    status: job.status,
    finished: ended(job),
    files: job.files,
    progress: job.progress,
    ...(job.report ? { report: job.report } : {}),
    ...(job.error ? { error: job.error } : {}),
  };
}
