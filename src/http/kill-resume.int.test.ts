import { mkdirSync, renameSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempDir } from "../ingest/test-helpers.js";
import {
  awaitJob,
  cleanRun,
  compareRuns,
  finishRun,
  jobNow,
  killMidIngest,
  type RunOutcome,
} from "./kill-resume.js";
import { spawnServe } from "./serve-process.js";
import { SAMPLES } from "./test-server.js";

// A real multi-page PDF that ships with the repo, so the test runs in any clone.
const PDF = join(SAMPLES, "pdf/federal-register-2020-17221-p1-6.pdf");
// The default local embedder, as a user runs it; small batches give many checkpoints to land the kill between.
const ENV = { AGR_EMBEDDER: "local", AGR_BATCH_SIZE: "4", AGR_HTTP_RATE_LIMIT: "0" };

describe("agr serve: kill -9 mid-ingest, restart, the job resumes", () => {
  let clean: RunOutcome | undefined;
  // Every run uses one store (and upload) path, moved aside after it, so ids compare one for one:
  // ids derive from the upload's path, and ties (RELATED_SECTION, community merges) break by id.
  const dir = tempDir("agr-kill-http-");
  const run = join(dir, "run");
  const store = join(run, "graph.db");
  it("ends with the clean run's counts, one document, every chunk PROCESSED, nothing duplicated", async () => {
    mkdirSync(run);

    const first = await spawnServe({ store, env: ENV });
    const killed = await killMidIngest(first, PDF);
    expect(await first.exited).toBe("SIGKILL");
    expect(killed.chunks_processed).toBeGreaterThan(0);
    expect(killed.chunks_pending).toBeGreaterThan(0);

    const second = await spawnServe({ store, env: ENV });
    try {
      const restarted = Date.now();
      const before = await jobNow(second.url, killed.job_id);
      expect(["queued", "running", "succeeded"]).toContain(before.status);
      const job = await awaitJob(second.url, killed.job_id, 120_000);
      expect(job.status).toBe("succeeded");
      expect(job.attempts).toBe(2);
      const resumed = await finishRun(second, store, job, Date.now() - restarted);
      expect(await second.exited).toBe(null); // SIGTERM: a graceful exit(0)
      renameSync(run, join(dir, "killed"));
      mkdirSync(run);

      clean = await cleanRun(PDF, store, ENV);
      expect(clean.job.attempts).toBe(1);
      expect(resumed.counts.documents).toHaveLength(1);
      expect(resumed.counts.totals).toEqual(clean.counts.totals);
      expect(resumed.counts.nodes).toEqual(clean.counts.nodes);
      expect(resumed.counts.edges).toEqual(clean.counts.edges);
      expect(resumed.snapshot).toEqual(clean.snapshot);
      expect(resumed.integrity).toEqual({ duplicate_nodes: 0, duplicate_edges: 0, fts_drift: 0 });
      expect(compareRuns(resumed, clean)).toEqual([]);
      console.info(
        `kill-resume: killed ${JSON.stringify(killed)}; resumed in ${resumed.ms} ms, clean run ${clean.ms} ms; ` +
          `${resumed.snapshot.nodes.length} nodes, ${resumed.snapshot.edges.length} edges in both`,
      );
    } finally {
      if (second.child.exitCode === null && second.child.signalCode === null) await second.kill9();
    }
  }, 240_000);

  it("a graceful stop (SIGTERM) mid-ingest leaves the job queued, not interrupted; the restart finishes it", async () => {
    if (!clean) throw new Error("needs the clean run of the test above");
    renameSync(run, join(dir, "clean"));
    mkdirSync(run);
    const first = await spawnServe({ store, env: ENV });
    const stopped = await killMidIngest(first, PDF, 300_000, "SIGTERM");
    expect(first.child.exitCode).toBe(0);
    expect(stopped.chunks_pending).toBeGreaterThan(0);
    const second = await spawnServe({ store, env: ENV });
    try {
      const job = await awaitJob(second.url, stopped.job_id, 120_000);
      expect(job).toMatchObject({ status: "succeeded", attempts: 2 });
      expect(job.interruptions).toBeUndefined();
      const resumed = await finishRun(second, store, job, 0);
      expect(resumed.counts.documents).toHaveLength(1);
      expect(resumed.counts.totals).toEqual(clean.counts.totals);
      expect(resumed.counts.nodes).toEqual(clean.counts.nodes);
      expect(resumed.counts.edges).toEqual(clean.counts.edges);
      expect(resumed.snapshot).toEqual(clean.snapshot);
      expect(resumed.integrity).toEqual({ duplicate_nodes: 0, duplicate_edges: 0, fts_drift: 0 });
    } finally {
      if (second.child.exitCode === null && second.child.signalCode === null) await second.kill9();
    }
  }, 180_000);
});
