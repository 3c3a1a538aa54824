import { stat } from "node:fs/promises";
import { basename } from "node:path";
import type { z } from "zod";
import { AgrError } from "../errors.js";
import { discoverFiles, fsReason } from "../ingest/discover-files.js";
import type { Engine } from "../service/engine.js";
import type { Job, JobReportSchema } from "../service/job-store.js";

export type IngestReport = z.infer<typeof JobReportSchema>;

export interface IngestOptions {
  /** Stops waiting (the ingest job itself finishes in the background, as on the server). */
  signal?: AbortSignal;
}

const POLL_MS = 100;
const ended = (job: Job | undefined) => job?.status === "succeeded" || job?.status === "failed";

/**
 * Ingests through the engine's job queue, like `POST /v1/documents {paths}` and the MCP ingest
 * tool: one writer at a time, and the engine's caches move to the new store version when the job
 * ends. Paths that name nothing are reported in `failed`, before the files that failed to parse.
 */
export async function ingestFiles(
  engine: Engine,
  paths: readonly string[],
  options: IngestOptions = {},
): Promise<IngestReport> {
  const found = await discoverFiles(paths);
  const failed = [...found.failures];
  const files: Job["files"] = [];
  for (const path of found.files) {
    try {
      files.push({ name: basename(path), path, bytes: (await stat(path)).size });
    } catch (error) {
      failed.push({ path, error: fsReason(error) });
    }
  }
  const empty = {
    ingested: 0,
    skipped: 0,
    chunks_written: 0,
    chunks_processed: 0,
    chunks_failed: 0,
    links_resolved: 0,
  };
  if (files.length === 0) return { ...empty, failed };
  let job: Job | undefined = engine.jobs.submit("path", files);
  const id = job.id;
  while (!ended(job)) {
    if (options.signal?.aborted)
      throw new AgrError("aborted", "user", `ingest: stopped waiting for job ${id} (it continues)`);
    await new Promise((r) => setTimeout(r, POLL_MS));
    job = engine.jobs.get(id);
  }
  const report = job?.report;
  if (!report) throw new AgrError(job?.error?.code ?? "ingest_failed", "internal", job?.error?.message ?? "");
  return { ...report, failed: [...failed, ...report.failed] };
}
