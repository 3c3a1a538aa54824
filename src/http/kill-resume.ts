import { isDeepStrictEqual } from "node:util";
import {
  StoreFileReader,
  type StoreIntegrity,
  type StoreSnapshot,
} from "../store/embedded/store-file-reader.js";
import {
  fetchJson,
  type JobView,
  JobViewSchema,
  pollJob,
  type ServeProcess,
  type StoreCounts,
  spawnServe,
  storeCounts,
  uploadFile,
} from "./serve-process.js";

/** Where the job was when the server got kill -9. */
export interface KilledAt {
  job_id: string;
  phase: JobView["progress"]["phase"];
  chunks_processed: number;
  chunks_pending: number;
  ms_after_upload: number;
}

/**
 * Uploads `file`, polls its job until chunk processing is under way (some chunks PROCESSED,
 * some PENDING) and kills the server with SIGKILL at that moment: no shutdown code runs.
 * `signal: "SIGTERM"` asks for the graceful stop instead.
 */
export async function killMidIngest(
  server: ServeProcess,
  file: string,
  timeoutMs = 300_000,
  signal: "SIGKILL" | "SIGTERM" = "SIGKILL",
): Promise<KilledAt> {
  const started = Date.now();
  const jobId = await uploadFile(server.url, file);
  const midway = (j: JobView) => {
    const c = j.documents[0]?.chunks;
    return c !== undefined && c.PROCESSED > 0 && c.PENDING > 0;
  };
  const job = await pollJob(server.url, jobId, (j) => midway(j) || j.status === "succeeded", {
    timeoutMs,
    everyMs: 40,
  });
  if (!midway(job)) throw new Error(`job ${jobId} finished before it could be killed mid-way`);
  if (signal === "SIGKILL") await server.kill9();
  else await server.stop();
  const c = job.documents[0]?.chunks;
  return {
    job_id: jobId,
    phase: job.progress.phase,
    chunks_processed: c?.PROCESSED ?? 0,
    chunks_pending: c?.PENDING ?? 0,
    ms_after_upload: Date.now() - started,
  };
}

/** Polls a job until it succeeded (throws when it failed or timed out). */
export function awaitJob(url: string, jobId: string, timeoutMs = 600_000): Promise<JobView> {
  return pollJob(url, jobId, (j) => j.status === "succeeded", { timeoutMs, everyMs: 250 });
}

/** Reads the store file directly (read-only; call it after the server stopped). */
export function readStore(storeFile: string): { integrity: StoreIntegrity; snapshot: StoreSnapshot } {
  const reader = StoreFileReader.open(storeFile);
  try {
    return { integrity: reader.integrity(), snapshot: reader.snapshot() };
  } finally {
    reader.close();
  }
}

/** One finished run of the scenario: the job, the counts the API reports, the store's integrity. */
export interface RunOutcome {
  job: JobView;
  counts: StoreCounts;
  integrity: StoreIntegrity;
  snapshot: StoreSnapshot;
  /** Upload (or restart) to job succeeded. */
  ms: number;
}

/** Collects counts, stops the server gracefully, then checks the store file. */
export async function finishRun(
  server: ServeProcess,
  storeFile: string,
  job: JobView,
  ms: number,
): Promise<RunOutcome> {
  const counts = await storeCounts(server.url);
  await server.stop();
  return { job, counts, ...readStore(storeFile), ms };
}

/**
 * An uninterrupted run on a fresh store: the reference the resumed one must equal. Give it the
 * path the killed run's store had (move that one aside first): ids derive from the upload's path,
 * and a store at another path is not id-for-id comparable (ties among RELATED_SECTION edges break by id).
 */
export async function cleanRun(
  file: string,
  storeFile: string,
  env: Record<string, string>,
): Promise<RunOutcome> {
  const server = await spawnServe({ store: storeFile, env });
  try {
    const started = Date.now();
    const jobId = await uploadFile(server.url, file);
    const job = await awaitJob(server.url, jobId);
    return await finishRun(server, storeFile, job, Date.now() - started);
  } finally {
    if (server.child.exitCode === null && server.child.signalCode === null) await server.kill9();
  }
}

/** Every way the resumed run differs from the clean one (empty when they agree). */
export function compareRuns(resumed: RunOutcome, clean: RunOutcome): string[] {
  const diffs: string[] = [];
  const r = resumed.counts;
  const c = clean.counts;
  // The clean run ingested the file once: one more document after the resume would be a duplicate.
  if (r.documents.length !== c.documents.length)
    diffs.push(`resumed store has ${r.documents.length} documents, the clean one ${c.documents.length}`);
  for (const key of ["documents", "totals", "nodes", "edges"] as const)
    if (!isDeepStrictEqual(r[key], c[key]))
      diffs.push(`${key}: resumed ${JSON.stringify(r[key])} vs clean ${JSON.stringify(c[key])}`);
  const byStatus = r.totals.chunks_by_status as Record<string, number> | undefined;
  if (byStatus?.PROCESSED !== r.totals.chunks)
    diffs.push(`not every chunk PROCESSED: ${JSON.stringify(byStatus)} of ${String(r.totals.chunks)}`);
  for (const [name, run] of [
    ["resumed", resumed],
    ["clean", clean],
  ] as const) {
    const i = run.integrity;
    if (i.duplicate_nodes || i.duplicate_edges || i.fts_drift)
      diffs.push(`${name} store: ${JSON.stringify(i)}`);
  }
  for (const key of ["nodes", "edges"] as const) {
    const theirs = new Set(clean.snapshot[key]);
    const ours = new Set(resumed.snapshot[key]);
    const extra = resumed.snapshot[key].filter((k) => !theirs.has(k));
    const missing = clean.snapshot[key].filter((k) => !ours.has(k));
    if (extra.length || missing.length)
      diffs.push(
        `${key}: ${extra.length} only after the resume (${extra.slice(0, 3).join(", ")}), ${missing.length} only in the clean run (${missing.slice(0, 3).join(", ")})`,
      );
  }
  if (resumed.job.attempts !== 2) diffs.push(`resumed job attempts ${resumed.job.attempts}, expected 2`);
  return diffs;
}

/** The job as a restarted server reports it right after start (before it resumed anything). */
export function jobNow(url: string, jobId: string): Promise<JobView> {
  return fetchJson(`${url}/v1/jobs/${jobId}`, JobViewSchema);
}
