import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { ChunkProcessor } from "../ingest/chunk-processor.js";
import { openTempStore, TEST_CONFIG, tempDir, writeTree } from "../ingest/test-helpers.js";
import { IngestJobs, MAX_INTERRUPTIONS } from "./ingest-jobs.js";
import { type Job, JobStore } from "./job-store.js";

const CONFIG = { ...TEST_CONFIG, skeletonBeta: 0, knnK: 5 };

function jobFile(path: string, over: Partial<Job>): Job {
  return {
    id: `job_${Math.random().toString(36).slice(2, 12)}`,
    status: "running",
    source: "path",
    files: [{ name: "a.md", path, bytes: 10 }],
    created_at: new Date().toISOString(),
    attempts: 1,
    progress: { phase: "chunks", files_done: 1, files_total: 1, chunks_done: 3 },
    ...over,
  };
}

describe("IngestJobs.resumeInterrupted", () => {
  it("resumes a job its dead server left running: attempt 2, interruption counted, chunk count carried on", async () => {
    const root = writeTree({ "a.md": "# Title\n\nSome text about objects.\n\n## More\n\nMore text.\n" });
    const jobs = new JobStore(tempDir());
    const job = jobFile(join(root, "a.md"), {});
    jobs.save(job);
    const store = openTempStore();
    const queue = new IngestJobs({ store, jobs, config: CONFIG, processors: [] });
    expect(queue.resumeInterrupted()).toBe(1);
    await queue.idle();
    const done = jobs.get(job.id);
    expect(done?.status).toBe("succeeded");
    expect(done?.attempts).toBe(2);
    expect(done?.interruptions).toBe(1);
    expect(done?.progress.chunks_done).toBeGreaterThanOrEqual(3);
    expect((await store.listDocuments()).length).toBe(1);
    await store.close();
  });

  it(`fails a job after ${MAX_INTERRUPTIONS} server deaths instead of resuming it again`, async () => {
    const jobs = new JobStore(tempDir());
    const job = jobFile("/nonexistent/a.md", { attempts: 3, interruptions: MAX_INTERRUPTIONS - 1 });
    jobs.save(job);
    const store = openTempStore();
    const queue = new IngestJobs({ store, jobs, config: CONFIG, processors: [] });
    expect(queue.resumeInterrupted()).toBe(0);
    await queue.idle();
    expect(jobs.get(job.id)).toMatchObject({
      status: "failed",
      interruptions: MAX_INTERRUPTIONS,
      error: { code: "interrupted" },
    });
    await store.close();
  });

  it("a job stopped gracefully (left queued) resumes without counting an interruption", async () => {
    const root = writeTree({ "b.md": "# B\n\nText.\n" });
    const jobs = new JobStore(tempDir());
    const job = jobFile(join(root, "b.md"), { status: "queued" });
    jobs.save(job);
    const store = openTempStore();
    const queue = new IngestJobs({ store, jobs, config: CONFIG, processors: [] });
    expect(queue.resumeInterrupted()).toBe(1);
    await queue.idle();
    expect(jobs.get(job.id)).toMatchObject({ status: "succeeded", attempts: 2 });
    expect(jobs.get(job.id)?.interruptions).toBeUndefined();
    await store.close();
  });
});

describe("IngestJobs.stop", () => {
  it("past the grace, a job stuck between checkpoints is left queued (not running), and it stays so", async () => {
    const root = writeTree({ "c.md": "# C\n\nSome text.\n\n## D\n\nMore text.\n" });
    let release = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    let entered = () => {};
    const inBatch = new Promise<void>((r) => {
      entered = r;
    });
    // A batch that takes longer than the grace: the run cannot reach its next checkpoint in time.
    const slow: ChunkProcessor = {
      name: "slow",
      async process(chunks) {
        entered();
        await gate;
        return {
          outputs: new Map(chunks.map((c) => [c.id, { nodes: [], edges: [], vectors: [] }])),
          failed: new Map(),
        };
      },
    };
    const jobs = new JobStore(tempDir());
    const store = openTempStore();
    const queue = new IngestJobs({ store, jobs, config: CONFIG, processors: [slow] });
    const job = queue.submit("path", [{ name: "c.md", path: join(root, "c.md"), bytes: 10 }]);
    await inBatch;
    await queue.stop(20);
    expect(jobs.get(job.id)).toMatchObject({ status: "queued", attempts: 1 });
    release();
    await queue.idle();
    expect(jobs.get(job.id)).toMatchObject({ status: "queued", attempts: 1 });
    expect(jobs.get(job.id)?.interruptions).toBeUndefined();
    await store.close();
  });
});
