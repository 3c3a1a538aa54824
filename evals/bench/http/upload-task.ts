import { awaitJob, type KilledAt, killMidIngest } from "../../../src/http/kill-resume.js";
import { type JobView, type ServeProcess, spawnServe, uploadFile } from "../../../src/http/serve-process.js";
import { ProcWatch } from "./proc-usage.js";

/** Which phase the server is in; samples are tagged with it, and its durations scale req/s. */
export class PhaseClock {
  private current: string;
  private since = performance.now();
  private readonly totals = new Map<string, number>();
  private frozen = false;

  constructor(first: string) {
    this.current = first;
  }

  get phase(): string {
    return this.current;
  }

  set(phase: string): void {
    if (this.frozen || phase === this.current) return;
    this.add();
    this.current = phase;
  }

  /** Ends the accounting (the load is over); later phase changes are ignored. */
  freeze(): Record<string, number> {
    if (!this.frozen) this.add();
    this.frozen = true;
    return Object.fromEntries(this.totals);
  }

  private add(): void {
    const now = performance.now();
    this.totals.set(this.current, (this.totals.get(this.current) ?? 0) + (now - this.since) / 1000);
    this.since = now;
  }
}

export interface UploadOutcome {
  job_id: string;
  status: JobView["status"];
  attempts: number;
  /** Upload request sent → job succeeded (through the kill and restart, for --kill-test). */
  seconds_to_finish: number;
  report: JobView["report"];
}

/** Uploads during the load and polls the job until it finished. */
export async function uploadDuringLoad(
  server: ServeProcess,
  file: string,
  clock: PhaseClock,
  log: (line: string) => void,
): Promise<UploadOutcome> {
  const started = performance.now();
  clock.set("ingesting");
  const jobId = await uploadFile(server.url, file);
  log(`uploaded ${file}: ${jobId}`);
  const job = await awaitJob(server.url, jobId, 3_600_000);
  clock.set("after");
  log(`${jobId} ${job.status} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return outcome(job, started);
}

export interface KillOutcome extends UploadOutcome {
  killed_at: KilledAt;
  /** kill -9 → the restarted server answers /readyz. */
  seconds_down: number;
  restarted: ServeProcess;
  restartedWatch: ProcWatch;
}

/**
 * Uploads during the load, kills the server with SIGKILL mid-ingest, restarts it on the same
 * port and store (the clients keep their URL) and waits for the resumed job.
 */
export async function killDuringLoad(
  server: ServeProcess,
  store: string,
  file: string,
  env: Record<string, string>,
  clock: PhaseClock,
  log: (line: string) => void,
): Promise<KillOutcome> {
  const started = performance.now();
  clock.set("ingesting");
  const killedAt = await killMidIngest(server, file, 3_600_000);
  clock.set("down");
  const down = performance.now();
  log(`kill -9 at ${JSON.stringify(killedAt)}`);
  const restarted = await spawnServe({ store, env, port: server.port });
  const restartedWatch = new ProcWatch(restarted.pid);
  clock.set("resumed");
  const secondsDown = (performance.now() - down) / 1000;
  log(`restarted on ${restarted.url} after ${secondsDown.toFixed(1)} s`);
  const job = await awaitJob(restarted.url, killedAt.job_id, 3_600_000);
  clock.set("after");
  log(`${job.id} ${job.status} (attempts ${job.attempts})`);
  return {
    ...outcome(job, started),
    killed_at: killedAt,
    seconds_down: Math.round(secondsDown * 10) / 10,
    restarted,
    restartedWatch,
  };
}

function outcome(job: JobView, started: number): UploadOutcome {
  return {
    job_id: job.id,
    status: job.status,
    attempts: job.attempts,
    seconds_to_finish: Math.round((performance.now() - started) / 100) / 10,
    report: job.report,
  };
}
