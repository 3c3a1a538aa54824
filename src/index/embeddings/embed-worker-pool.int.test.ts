import { describe, expect, it } from "vitest";
import { dot } from "../../domain/vector-math.js";
import { startEmbedWorkers } from "./embed-worker-pool.js";
import { modelSpec } from "./known-models.js";
import { createLocalEmbedder, localModelPresent } from "./local-embedder.js";
import { defaultModelDir } from "./package-root.js";

const modelDir = defaultModelDir();
const MODEL = "bge-small-en-v1.5-q8";

describe("local embedder on worker threads", () => {
  it("computes the vectors one session on this thread computes, in input order", async () => {
    if (!localModelPresent(modelDir, MODEL)) throw new Error(`${MODEL} missing: run npm run models`);
    const load = (workers: number) =>
      createLocalEmbedder({ modelDir, model: MODEL, allowRemote: false, batchSize: 2, workers, threads: 1 });
    const [pooled, inline] = [await load(2), await load(0)];
    try {
      // Batches of 2 of different lengths, so the two workers answer out of order.
      const texts = [
        "x ".repeat(400),
        "short",
        "Teutberga was a queen of Lotharingia by marriage to Lothair II.",
        "The river flows north through the valley before reaching the sea.",
        "a cat",
        "Quarterly revenue rose 12 percent on higher subscription sales, the company said.",
      ];
      const [a, b] = [await pooled.embedPassages(texts), await inline.embedPassages(texts)];
      expect(pooled.dim).toBe(384);
      expect(a).toHaveLength(texts.length);
      a.forEach((v, i) => {
        expect(dot(v, b[i]!)).toBeGreaterThan(0.9999);
        for (const [j, w] of b.entries()) if (j !== i) expect(dot(v, b[i]!)).toBeGreaterThan(dot(v, w));
      });
      const [q] = await pooled.embedQueries(["who was Teutberga married to"]);
      expect(dot(q!, a[2]!)).toBeGreaterThan(dot(q!, a[3]!));
    } finally {
      await pooled.close?.();
      await inline.close?.();
    }
    // A closed pool refuses work instead of hanging.
    await expect(pooled.embedPassages(["after close"])).rejects.toThrow(/closed/);
  }, 60_000);
});

/** A pool of one stand-in worker: `onCall` is its whole answer to a call. */
const standIn = (onCall: string, afterReady = "") =>
  startEmbedWorkers({
    localModelPath: "/nowhere/",
    spec: modelSpec(MODEL),
    workers: 1,
    threads: 1,
    source: `
const { parentPort } = require("node:worker_threads");
parentPort.on("message", (msg) => { ${onCall} });
parentPort.postMessage({ ready: true });
${afterReady}`,
  });

// Without these, a call to a worker that is gone never settles, and Node ends the ingest silently.
describe("embed worker pool when a worker goes away", { timeout: 5_000 }, () => {
  it("rejects a call in flight when its worker exits, even with code 0", async () => {
    const pool = await standIn("process.exit(0);");
    try {
      await expect(pool.run(["a"])).rejects.toThrow(/exited with code 0/);
      await expect(pool.run(["b"])).rejects.toThrow(/exited with code 0/);
    } finally {
      await pool.close();
    }
  });

  it("rejects a call made after an idle worker exited", async () => {
    const pool = await standIn("", "setImmediate(() => process.exit(0));");
    try {
      await new Promise((r) => setTimeout(r, 500));
      await expect(pool.run(["a"])).rejects.toThrow(/exited with code 0/);
    } finally {
      await pool.close();
    }
  });

  it("fails to start, instead of waiting, when a worker exits before it is ready", async () => {
    const start = startEmbedWorkers({
      localModelPath: "/nowhere/",
      spec: modelSpec(MODEL),
      workers: 2,
      threads: 1,
      source: "process.exit(0);",
    });
    await expect(start).rejects.toThrow(/exited with code 0/);
  });

  it("still answers calls when the worker stays", async () => {
    const pool = await standIn(
      "const data = new Float32Array([1, 0]); parentPort.postMessage({ id: msg.id, dims: [1, 2], data }, [data.buffer]);",
    );
    try {
      expect(await pool.run(["a"])).toEqual([new Float32Array([1, 0])]);
    } finally {
      await pool.close();
    }
  });
});
