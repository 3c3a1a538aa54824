import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { describeError } from "../errors.js";

export const JOB_STATUSES = ["queued", "running", "succeeded", "failed"] as const;
export const JobStatusSchema = z.enum(JOB_STATUSES);

/** What one finished ingest run reported (the `agr ingest --json` counters). */
export const JobReportSchema = z.object({
  ingested: z.number().int().nonnegative(),
  skipped: z.number().int().nonnegative(),
  failed: z.array(z.object({ path: z.string(), error: z.string() })),
  chunks_written: z.number().int().nonnegative(),
  chunks_processed: z.number().int().nonnegative(),
  chunks_failed: z.number().int().nonnegative(),
  links_resolved: z.number().int().nonnegative(),
  /** Seconds per ingest stage (see src/ingest/stage-timer.ts). */
  stages: z.record(z.string(), z.number().nonnegative()).optional(),
});

/**
 * One background ingest, persisted as a JSON file so a restarted server finds the jobs a crash
 * interrupted and runs them again (the pipeline resumes from its checkpoints). Public contract of
 * `GET /v1/jobs/:id`, minus the per-document part the server adds from the store.
 */
export const JobSchema = z.object({
  id: z.string().regex(/^job_[a-z0-9]+$/),
  status: JobStatusSchema,
  source: z.enum(["upload", "path"]),
  /** Absolute paths on the server (uploads are saved under the data folder first). */
  files: z.array(z.object({ name: z.string(), path: z.string(), bytes: z.number().int().nonnegative() })),
  created_at: z.string(),
  started_at: z.string().optional(),
  finished_at: z.string().optional(),
  /** Runs started: more than 1 when a restart resumed the job. */
  attempts: z.number().int().nonnegative(),
  /** Runs a dying server cut short (kill -9, OOM, crash), as found at the next start. */
  interruptions: z.number().int().nonnegative().optional(),
  progress: z.object({
    phase: z.enum(["queued", "files", "chunks", "links", "graph", "done"]),
    files_done: z.number().int().nonnegative(),
    files_total: z.number().int().nonnegative(),
    chunks_done: z.number().int().nonnegative(),
  }),
  report: JobReportSchema.optional(),
  error: z.object({ code: z.string(), message: z.string() }).optional(),
});
export type Job = z.infer<typeof JobSchema>;

/** Jobs as one JSON file each, replaced atomically (write, then rename) so a crash never leaves half a file. */
export class JobStore {
  private readonly dir: string;

  constructor(dataDir: string) {
    this.dir = join(dataDir, "jobs");
    mkdirSync(this.dir, { recursive: true });
  }

  save(job: Job): void {
    const file = join(this.dir, `${job.id}.json`);
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(job, null, 1));
    renameSync(tmp, file);
  }

  get(id: string): Job | undefined {
    if (!JobSchema.shape.id.safeParse(id).success) return undefined;
    try {
      return JobSchema.parse(JSON.parse(readFileSync(join(this.dir, `${id}.json`), "utf8")));
    } catch {
      return undefined;
    }
  }

  /** Every readable job, oldest first; unreadable files are reported, not fatal. */
  list(onBadFile?: (file: string, reason: string) => void): Job[] {
    const jobs: Job[] = [];
    for (const file of readdirSync(this.dir)) {
      if (!file.endsWith(".json")) continue;
      try {
        jobs.push(JobSchema.parse(JSON.parse(readFileSync(join(this.dir, file), "utf8"))));
      } catch (error) {
        onBadFile?.(file, describeError(error));
      }
    }
    return jobs.sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
  }
}
