import { randomUUID } from "node:crypto";
import type { Config } from "../config.js";
import { AgrError, describeError } from "../errors.js";
import type { Embedder } from "../index/embeddings/embedder.js";
import type { ChunkProcessor } from "../ingest/chunk-processor.js";
import { type IngestEvent, type IngestOptions, ingestPaths } from "../ingest/pipeline.js";
import type { GraphStore } from "../store/graph-store.js";
import type { Job, JobStore } from "./job-store.js";
import { Mutex } from "./mutex.js";

export interface IngestJobsDeps {
  store: GraphStore;
  jobs: JobStore;
  config: Pick<Config, "maxFileMb" | "chunkTokens" | "maxRetries" | "batchSize" | "skeletonBeta" | "knnK">;
  processors: readonly ChunkProcessor[];
  embedder?: Embedder;
  /** Called after a job or a delete changed the graph (drop cached graph views). */
  onChanged?: () => void;
  log?: (line: string) => void;
}

/**
 * Background ingestion for the server: jobs run one at a time, in order, each persisted before
 * it is acknowledged. Graph writes (jobs and deletes) share one lock so a delete never lands in
 * the middle of a job. A restart re-queues the jobs a crash interrupted; the pipeline's
 * checkpoints make the rerun finish the work without redoing or duplicating any of it.
 */
const requeued = (job: Job): Job => ({
  ...job,
  status: "queued",
  progress: { ...job.progress, phase: "queued" },
});

/** Server deaths during one job after which it is failed rather than resumed. */
export const MAX_INTERRUPTIONS = 3;

export class IngestJobs {
  readonly writes = new Mutex();
  private readonly queue: string[] = [];
  private running: Promise<void> | undefined;
  private readonly abort = new AbortController();
  /** The running job as last saved, for a stop that cannot wait for its checkpoint. */
  private current: (() => Job) | undefined;

  constructor(private readonly deps: IngestJobsDeps) {}

  /**
   * Re-queues jobs left queued or running by an earlier process; returns how many. A job found
   * "running" died with its server; one that did so MAX_INTERRUPTIONS times fails instead, so a
   * document that kills the process cannot crash every restart.
   */
  resumeInterrupted(): number {
    const open = this.deps.jobs.list((file, reason) =>
      this.deps.log?.(`skipping job file ${file}: ${reason}`),
    );
    let resumed = 0;
    for (const job of open.filter((j) => j.status === "queued" || j.status === "running")) {
      const interruptions = (job.interruptions ?? 0) + (job.status === "running" ? 1 : 0);
      if (interruptions >= MAX_INTERRUPTIONS) {
        const message = `the server died during this job ${interruptions} times; not resumed again`;
        this.deps.jobs.save({
          ...job,
          status: "failed",
          interruptions,
          finished_at: new Date().toISOString(),
          error: { code: "interrupted", message },
        });
        this.deps.log?.(`${job.id} failed: ${message}`);
        continue;
      }
      this.deps.jobs.save({
        ...job,
        status: "queued",
        ...(interruptions ? { interruptions } : {}),
        progress: { ...job.progress, phase: "queued" },
      });
      this.queue.push(job.id);
      resumed++;
    }
    this.kick();
    return resumed;
  }

  submit(source: Job["source"], files: Job["files"]): Job {
    if (this.abort.signal.aborted)
      throw new AgrError("shutting_down", "upstream", "the server is shutting down");
    const job: Job = {
      id: `job_${randomUUID().replaceAll("-", "").slice(0, 20)}`,
      status: "queued",
      source,
      files,
      created_at: new Date().toISOString(),
      attempts: 0,
      progress: { phase: "queued", files_done: 0, files_total: files.length, chunks_done: 0 },
    };
    this.deps.jobs.save(job);
    this.queue.push(job.id);
    this.kick();
    return job;
  }

  get(id: string): Job | undefined {
    return this.deps.jobs.get(id);
  }

  list(): Job[] {
    return this.deps.jobs.list();
  }

  /** Resolves when no job is queued or running (tests, the load script). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /**
   * Stops after the running job's next checkpoint (it stays queued, so a restart resumes it) and
   * waits up to `graceMs` for that.
   */
  async stop(graceMs: number): Promise<void> {
    this.abort.abort();
    if (!this.running) return;
    const ended = await Promise.race([
      this.running.then(() => true),
      new Promise<false>((r) => setTimeout(() => r(false), graceMs).unref()),
    ]);
    // Still in a step without checkpoints (parsing a big file, the whole-graph steps) and the
    // process is about to exit: leave the job queued, since "running" would read as a crash at the next start.
    const current = this.current?.();
    if (!ended && current?.status === "running") this.deps.jobs.save(requeued(current));
  }

  private kick(): void {
    if (this.running || this.queue.length === 0 || this.abort.signal.aborted) return;
    this.running = this.drain().finally(() => {
      this.running = undefined;
      this.kick();
    });
  }

  private async drain(): Promise<void> {
    for (let id = this.queue.shift(); id; id = this.queue.shift()) {
      if (this.abort.signal.aborted) return;
      const job = this.deps.jobs.get(id);
      if (job?.status !== "queued") continue;
      await this.writes.run(() => this.runJob(job).finally(() => (this.current = undefined)));
    }
  }

  private async runJob(queued: Job): Promise<void> {
    let job: Job = {
      ...queued,
      status: "running",
      started_at: new Date().toISOString(),
      attempts: queued.attempts + 1,
    };
    this.deps.jobs.save(job);
    this.current = () => job;
    let lastSave = 0;
    // A resumed run counts on from what earlier runs committed (their batches are not redone).
    const chunksBefore = queued.progress.chunks_done;
    const onEvent = (e: IngestEvent) => {
      const p = job.progress;
      if (e.phase === "files") job.progress = { ...p, phase: "files", files_total: e.total };
      else if (e.phase === "file") job.progress = { ...p, files_done: e.done };
      else if (e.phase === "chunks")
        job.progress = { ...p, phase: "chunks", chunks_done: chunksBefore + e.done };
      else job.progress = { ...p, phase: "links" };
      // After a stop the job is saved as queued once it ends: no "running" progress after that.
      if (this.abort.signal.aborted) return;
      // Progress is for display: at most two writes a second, phase changes always.
      const now = Date.now();
      if (e.phase !== "chunks" || now - lastSave > 500) {
        lastSave = now;
        this.deps.jobs.save(job);
      }
    };
    const { config } = this.deps;
    const options: IngestOptions = {
      config,
      processors: this.deps.processors,
      ...(this.deps.embedder ? { embedder: this.deps.embedder } : {}),
      skeleton: { beta: config.skeletonBeta, k: config.knnK },
      onEvent,
      signal: this.abort.signal,
      // A resumed job may have died inside the whole-graph steps: run them again.
      finalize: job.attempts > 1,
    };
    try {
      const report = await ingestPaths(
        this.deps.store,
        job.files.map((f) => f.path),
        options,
      );
      if (report.aborted) {
        this.deps.jobs.save(requeued(job));
        return;
      }
      const { skeleton: _s, aborted: _a, ...counts } = report;
      const nothing = counts.ingested + counts.skipped === 0 && counts.failed.length > 0;
      job = {
        ...job,
        status: nothing ? "failed" : "succeeded",
        finished_at: new Date().toISOString(),
        progress: { ...job.progress, phase: "done" },
        report: counts,
        ...(nothing ? { error: { code: "nothing_ingested", message: counts.failed[0]?.error ?? "" } } : {}),
      };
    } catch (error) {
      if (this.abort.signal.aborted) {
        // Shutdown closed the store under it: not the job's fault, a restart resumes it.
        this.deps.jobs.save(requeued(job));
        return;
      }
      const code = error instanceof AgrError ? error.code : "ingest_failed";
      job = {
        ...job,
        status: "failed",
        finished_at: new Date().toISOString(),
        error: { code, message: describeError(error) },
      };
    }
    this.deps.jobs.save(job);
    this.deps.onChanged?.();
    this.deps.log?.(`${job.id} ${job.status}: ${JSON.stringify(job.report ?? job.error)}`);
  }
}
