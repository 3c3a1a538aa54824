import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import { z } from "zod";
import { internalError } from "../../errors.js";
import { EMBED_WORKER_SOURCE } from "./embed-worker-source.js";
import type { LocalModelSpec } from "./known-models.js";

export interface EmbedWorkerOptions {
  /** Folder holding the model folders, with a trailing slash (transformers.js' localModelPath). */
  localModelPath: string;
  spec: LocalModelSpec;
  workers: number;
  /** ONNX intra-op threads per worker. */
  threads: number;
  /** The worker's code (default EMBED_WORKER_SOURCE); tests pass a stand-in that misbehaves. */
  source?: string;
}

/** Runs model calls on worker threads, one call per worker at a time. */
export interface EmbedWorkerPool {
  /** One unit vector per text, in order. */
  run(texts: readonly string[]): Promise<Float32Array[]>;
  close(): Promise<void>;
}

const Reply = z.union([
  z.object({ ready: z.literal(true) }),
  z.object({ fatal: z.string() }),
  z.object({ id: z.number(), error: z.string() }),
  z.object({ id: z.number(), dims: z.array(z.number()), data: z.instanceof(Float32Array) }),
]);

interface Job {
  id: number;
  texts: readonly string[];
  resolve: (rows: Float32Array[]) => void;
  reject: (error: Error) => void;
}

/**
 * Starts `workers` threads, each with its own ONNX session. On a small machine one
 * single-threaded session per core beats one session spread over the cores: bge-small's
 * matrices are small, so intra-op threads spend much of a call waiting for each other, and
 * worse when another process holds a core.
 */
export async function startEmbedWorkers(options: EmbedWorkerOptions): Promise<EmbedWorkerPool> {
  const lib = createRequire(import.meta.url).resolve("@huggingface/transformers");
  const { spec } = options;
  const workerData = {
    lib,
    localModelPath: options.localModelPath,
    source: spec.name,
    dtype: spec.dtype,
    pooling: spec.pooling,
    maxTokens: spec.maxTokens,
    threads: options.threads,
  };
  const queue: Job[] = [];
  const idle: Worker[] = [];
  const busy = new Map<Worker, Job>();
  let nextId = 0;
  let failure: Error | undefined;

  const fail = (error: Error) => {
    failure ??= error;
    for (const job of [...busy.values(), ...queue.splice(0)]) job.reject(error);
    busy.clear();
  };
  const dispatch = () => {
    while (idle.length > 0 && queue.length > 0) {
      const worker = idle.pop();
      const job = queue.shift();
      if (!worker || !job) break;
      busy.set(worker, job);
      worker.ref(); // a call in flight keeps the process alive; an idle pool does not
      worker.postMessage({ id: job.id, texts: job.texts });
    }
  };

  const workers: Worker[] = [];
  const start = () =>
    new Promise<Worker>((resolve, reject) => {
      const worker = new Worker(options.source ?? EMBED_WORKER_SOURCE, { eval: true, workerData });
      workers.push(worker);
      // A broken worker fails its start (if still starting) and every call, pending or later.
      const broken = (error: Error) => {
        reject(error);
        fail(error);
      };
      const lost = (message: string) => broken(internalError("embed_worker", message));
      worker.on("message", (raw: unknown) => {
        const msg = Reply.safeParse(raw);
        if (!msg.success) return lost("unexpected message from a worker");
        const m = msg.data;
        if ("ready" in m) return resolve(worker);
        if ("fatal" in m) return lost(`embedding worker cannot load the model: ${m.fatal}`);
        const job = busy.get(worker);
        busy.delete(worker);
        worker.unref();
        idle.push(worker);
        // One call per worker: a reply to another call would leave this one waiting for ever.
        if (job && job.id !== m.id)
          job.reject(internalError("embed_worker", "a worker answered another call"));
        else if (job) {
          if ("error" in m) job.reject(internalError("embed_worker", m.error));
          else {
            const rows = splitRows(m.data, m.dims, job.texts.length);
            if (rows) job.resolve(rows);
            else job.reject(internalError("embed_count", "model returned fewer vectors than texts"));
          }
        }
        dispatch();
      });
      worker.on("error", broken);
      // A reply that cannot be read is lost: its call would wait for ever.
      worker.on("messageerror", (error) =>
        lost(`unreadable reply from an embedding worker: ${error.message}`),
      );
      // Any exit before close(), code 0 too: a call it held, or one posted to it later, would never
      // settle, and with nothing else keeping the event loop alive Node would end the run silently.
      worker.on("exit", (code) => lost(`embedding worker exited with code ${code}`));
    });

  try {
    await Promise.all(Array.from({ length: options.workers }, start));
  } catch (error) {
    await Promise.all(workers.map((w) => w.terminate()));
    throw error;
  }
  for (const w of workers) {
    w.unref();
    idle.push(w);
  }
  return {
    run(texts) {
      if (failure) return Promise.reject(failure);
      return new Promise((resolve, reject) => {
        queue.push({ id: nextId++, texts, resolve, reject });
        dispatch();
      });
    },
    async close() {
      fail(internalError("embed_worker", "the embedder was closed"));
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}

function splitRows(data: Float32Array, dims: readonly number[], expected: number): Float32Array[] | null {
  const [n = 0, dim = 0] = dims;
  if (n !== expected || data.length !== n * dim) return null;
  return Array.from({ length: n }, (_, i) => data.slice(i * dim, (i + 1) * dim));
}
