import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { AutoModel, AutoTokenizer, env, mean_pooling, Tensor } from "@huggingface/transformers";
import { describeError, internalError, userError } from "../../errors.js";
import { startEmbedWorkers } from "./embed-worker-pool.js";
import type { Embedder } from "./embedder.js";
import { type LocalModelSpec, modelSpec } from "./known-models.js";
import { lengthBatches, TOKEN_BUDGET } from "./length-batches.js";

export interface LocalEmbedderOptions {
  /** Folder holding `<model>/{config.json,tokenizer.json,onnx/model.onnx}`. */
  modelDir: string;
  /** Folder name, store id or hub id (see known-models.ts). */
  model: string;
  /** Download from the model hub when the folder is missing (a user's machine; never CI). */
  allowRemote: boolean;
  batchSize: number;
  /** ONNX intra-op threads per session; default: the cores divided among the workers. */
  threads?: number;
  /** Worker threads with a session each (0: one session on the calling thread); default: workerLayout. */
  workers?: number;
  /** Padded tokens per model call (default TOKEN_BUDGET); benchmarks vary it. */
  tokenBudget?: number;
}

/** The ONNX file transformers.js loads for a dtype (it names files by dtype). */
export const onnxFile = (dtype: LocalModelSpec["dtype"]): string =>
  join("onnx", dtype === "q8" ? "model_quantized.onnx" : "model.onnx");

/** True when the model's files are in `modelDir` (what `npm run models` writes). */
export function localModelPresent(modelDir: string, model: string): boolean {
  const spec = modelSpec(model);
  const dir = join(modelDir, spec.name);
  return ["config.json", "tokenizer.json", onnxFile(spec.dtype)].every((f) => existsSync(join(dir, f)));
}

/** Loads a sentence-embedding model with transformers.js (ONNX, CPU, fp32 or int8 weights). */
export async function createLocalEmbedder(options: LocalEmbedderOptions): Promise<Embedder> {
  const spec = modelSpec(options.model);
  const local = localModelPresent(options.modelDir, spec.name);
  if (!local && !options.allowRemote) {
    throw userError(
      "model_missing",
      `embedding model ${spec.name} is not in ${options.modelDir} (run npm run models, or set AGR_ALLOW_REMOTE_MODELS=1 on a machine with a model hub)`,
    );
  }
  // transformers.js settings are process-wide: set them right before every load.
  env.allowLocalModels = true;
  env.localModelPath = `${options.modelDir}/`;
  env.allowRemoteModels = !local;
  env.cacheDir = join(options.modelDir, ".hub-cache");
  const source = local ? spec.name : spec.hubId;
  const batching = { size: options.batchSize, tokens: options.tokenBudget ?? TOKEN_BUDGET };
  const layout = workerLayout(availableParallelism(), options.workers, options.threads);
  try {
    const tokenizer = await AutoTokenizer.from_pretrained(source);
    // Real token counts for batching: ~0.1 ms a text, and they pad 14% fewer tokens than an estimate.
    const count = (texts: readonly string[]) => texts.map((t) => tokenizer.encode(t).length);
    // A model still to download loads on this thread: workers would each fetch it.
    if (local && layout.workers > 0) {
      const pool = await startEmbedWorkers({ localModelPath: env.localModelPath, spec, ...layout });
      const dim = (await pool.run(["dimension probe"]))[0]?.length ?? 0;
      return new LocalEmbedder(spec, dim, batching, { run: pool.run, count, dispose: () => pool.close() });
    }
    const model = await AutoModel.from_pretrained(source, {
      dtype: spec.dtype,
      device: "cpu",
      // Set explicitly: onnxruntime's own default is not documented to follow the cgroup/affinity.
      session_options: { intraOpNumThreads: layout.threads },
    });
    let last: Promise<unknown> = Promise.resolve();
    const run = (texts: readonly string[]): Promise<Float32Array[]> => {
      // One call at a time: batches are queued together, the session runs on this thread.
      const call = last.then(async () => {
        const inputs = tokenizer([...texts], { padding: true, truncation: true, max_length: spec.maxTokens });
        const hidden = lastHiddenState(await model(inputs));
        const pooled =
          spec.pooling === "mean" ? mean_pooling(hidden, inputs.attention_mask) : hidden.slice(null, 0);
        return rows(pooled.normalize(2, -1));
      });
      last = call.catch(() => undefined);
      return call;
    };
    const dim = (await run(["dimension probe"]))[0]?.length ?? 0;
    return new LocalEmbedder(spec, dim, batching, { run, count, dispose: () => model.dispose() });
  } catch (error) {
    throw userError("model_load", `cannot load embedding model ${source}: ${describeError(error)}`, error);
  } finally {
    env.allowRemoteModels = false;
  }
}

/**
 * How a machine's cores are spent: one single-threaded session per core (at most 4 workers,
 * threads split among them beyond that). 2Wiki heldout on 2 busy cores, bge-small q8: 2
 * workers × 1 thread embedded 777 passages in 14.9–20.2 s, 1 session × 2 threads in 21.4–34.7 s.
 */
export function workerLayout(
  cores: number,
  workers?: number,
  threads?: number,
): { workers: number; threads: number } {
  const w = workers ?? (cores >= 2 ? Math.min(cores, 4) : 0);
  return { workers: w, threads: threads ?? Math.max(1, Math.floor(cores / Math.max(1, w))) };
}

interface ModelCalls {
  /** One unit vector per text, in order. */
  run(texts: readonly string[]): Promise<Float32Array[]>;
  /** Tokens per text, special tokens included, before truncation. */
  count(texts: readonly string[]): number[];
  dispose(): Promise<unknown>;
}

class LocalEmbedder implements Embedder {
  readonly kind = "neural" as const;
  readonly id: string;

  constructor(
    private readonly spec: LocalModelSpec,
    readonly dim: number,
    private readonly batching: { size: number; tokens: number },
    private readonly model: ModelCalls,
  ) {
    this.id = spec.storeId;
  }

  embedQueries(texts: readonly string[]): Promise<Float32Array[]> {
    return this.embed(texts.map((t) => this.spec.queryPrefix + t));
  }

  embedPassages(texts: readonly string[]): Promise<Float32Array[]> {
    return this.embed(texts.map((t) => this.spec.passagePrefix + t));
  }

  async close(): Promise<void> {
    await this.model.dispose();
  }

  private async embed(texts: readonly string[]): Promise<Float32Array[]> {
    const out = new Array<Float32Array>(texts.length);
    const { size, tokens } = this.batching;
    // Longest batches first, so no worker is left with a long one at the end.
    const counts = this.model.count(texts);
    const batches = lengthBatches(texts, size, this.spec.maxTokens, tokens, counts).reverse();
    await Promise.all(
      batches.map(async (idx) => {
        const vectors = await this.model.run(idx.map((i) => texts[i] ?? ""));
        idx.forEach((i, j) => {
          const v = vectors[j];
          if (!v) throw internalError("embed_count", "model returned fewer vectors than texts");
          out[i] = v;
        });
      }),
    );
    return out;
  }
}

function lastHiddenState(output: unknown): Tensor {
  if (typeof output === "object" && output !== null && "last_hidden_state" in output) {
    const hidden = output.last_hidden_state;
    if (hidden instanceof Tensor) return hidden;
  }
  throw internalError(
    "model_output",
    "the model returned no last_hidden_state (not a feature-extraction model?)",
  );
}

/** [n, dim] tensor → n rows (copies, so the tensor can be freed). */
function rows(tensor: Tensor): Float32Array[] {
  const [n = 0, dim = 0] = tensor.dims;
  const data = tensor.data;
  if (!(data instanceof Float32Array)) throw internalError("model_output", "embeddings are not float32");
  return Array.from({ length: n }, (_, i) => data.slice(i * dim, (i + 1) * dim));
}
