import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { SqliteGraphStore } from "../store/embedded/sqlite-store.js";
import { StoreFileReader } from "../store/embedded/store-file-reader.js";
import { collectStats } from "./stats-report.js";
import { sharedPath, snapshot, tempDir } from "./test-helpers.js";

const BIN = resolve(import.meta.dirname, "../../bin/agr.mjs");
const TEN_K = sharedPath("corpora/pdf/uber_2021_form10k.pdf");
// Small batches give many checkpoints to land a kill between.
// Checkpointing is what is under test; embeddings go through the same transactional batches.
const ENV = { ...process.env, AGR_BATCH_SIZE: "2", AGR_STORE: "", AGR_EMBEDDER: "none" };

function ingest(store: string): ChildProcess {
  return spawn(process.execPath, [BIN, "ingest", TEN_K, "--store", store, "--json"], {
    env: ENV,
    stdio: "ignore",
  });
}

/** A whole ingest run to its end: its exit code. */
function ingestToEnd(store: string): Promise<number | null> {
  const child = ingest(store);
  return new Promise((done) => child.on("exit", (code) => done(code)));
}

/**
 * At most `size` jobs at once. The suite runs one test file at a time on 2 cores, and an ingest is
 * one single-threaded process: two at once use the second core instead of leaving it idle.
 */
function pool(size: number) {
  let active = 0;
  const waiting: Array<() => void> = [];
  return async <T>(job: () => Promise<T>): Promise<T> => {
    while (active >= size) await new Promise<void>((go) => waiting.push(go));
    active++;
    try {
      return await job();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}

/** Chunk progress read from the store while the child writes it (WAL allows a concurrent reader). */
function progress(store: string): { chunks: number; processed: number } {
  if (!existsSync(store)) return { chunks: 0, processed: 0 };
  try {
    const reader = StoreFileReader.open(store);
    try {
      return reader.chunkProgress();
    } finally {
      reader.close();
    }
  } catch {
    return { chunks: 0, processed: 0 }; // schema not created yet
  }
}

async function killWhen(
  store: string,
  ready: (p: { chunks: number; processed: number }, ms: number) => boolean,
) {
  const child = ingest(store);
  const exited = new Promise<NodeJS.Signals | null>((done) =>
    child.on("exit", (_code, signal) => done(signal)),
  );
  const started = Date.now();
  let finished = false;
  void exited.then(() => {
    finished = true;
  });
  while (!finished) {
    const p = progress(store);
    if (ready(p, Date.now() - started)) {
      child.kill("SIGKILL");
      break;
    }
    await new Promise((r) => setTimeout(r, 15));
  }
  const signal = await exited;
  return { signal, at: progress(store) };
}

async function state(file: string) {
  const store = SqliteGraphStore.open(file);
  try {
    const reader = StoreFileReader.open(file);
    const integrity = reader.integrity();
    reader.close();
    return {
      snap: await snapshot(store),
      stats: await collectStats(store),
      dup: integrity.duplicate_nodes + integrity.duplicate_edges,
      ftsDrift: integrity.fts_drift,
    };
  } finally {
    await store.close();
  }
}

type Moment = (p: { chunks: number; processed: number }, ms: number) => boolean;

const moments: Array<[string, Moment]> = [
  ["while parsing (nothing written yet)", (p, ms) => ms > 1500 && p.chunks === 0],
  ["right after the document's structure was written", (p) => p.chunks > 0],
  ["a third through chunk processing", (p) => p.chunks > 0 && p.processed >= p.chunks * 0.33],
  ["two thirds through chunk processing", (p) => p.chunks > 0 && p.processed >= p.chunks * 0.66],
  ["near the end of chunk processing", (p) => p.chunks > 0 && p.processed >= p.chunks * 0.95],
];

/** The clean run and every kill-then-rerun, started together two at a time; each test awaits its own. */
function startRuns() {
  const two = pool(2);
  const clean = two(async () => {
    const file = join(tempDir(), "clean.db");
    const code = await ingestToEnd(file);
    return { code, state: code === 0 ? await state(file) : null };
  });
  const runs = new Map(
    moments.map(([name, when]) => [
      name,
      two(async () => {
        const file = join(tempDir(), "killed.db");
        const killed = await killWhen(file, when);
        if (killed.signal !== "SIGKILL") return { killed, rerun: null, after: null };
        const rerun = await ingestToEnd(file);
        return { killed, rerun, after: rerun === 0 ? await state(file) : null };
      }),
    ]),
  );
  // Awaited by the tests; handled here so that a failure shows in its own test, not as unhandled.
  for (const p of [clean, ...runs.values()]) p.catch(() => undefined);
  return { clean, runs };
}

describe.skipIf(!existsSync(TEN_K))("kill -9 during 10-K ingestion, then rerun", () => {
  let started: ReturnType<typeof startRuns> | undefined;
  beforeAll(() => {
    started = startRuns();
  });

  it.each(moments)(
    "killed %s: the rerun ends with the clean run's ids, edges and counts",
    async (name) => {
      const { killed, rerun, after } = (await started?.runs.get(name)) ?? {};
      expect(killed?.signal).toBe("SIGKILL");
      expect(rerun).toBe(0);
      const { code, state: clean } = (await started?.clean) ?? {};
      expect(code).toBe(0);
      if (!after || !clean) throw new Error("no state to compare");
      expect(after.dup).toBe(0);
      expect(after.ftsDrift).toBe(0);
      expect(after.stats.totals).toEqual(clean.stats.totals);
      expect(after.snap.nodes).toEqual(clean.snap.nodes);
      expect(after.snap.edges).toEqual(clean.snap.edges);
      expect(after.stats.totals.chunks_by_status.PROCESSED).toBe(after.stats.totals.chunks);
    },
    180_000,
  );
});
