/**
 * The embedding worker's code, run with `new Worker(source, { eval: true })`. It is JavaScript in
 * a string because the CLI runs its TypeScript sources through in-thread tsx hooks that a
 * worker does not inherit: an eval worker runs the same in dist/, under tsx and under vitest.
 * It loads its own tokenizer and ONNX session (transformers.js' CommonJS build, path in
 * workerData.lib) and answers `{ id, texts }` with `{ id, dims, data }` (pooled, unit-length rows).
 */
export const EMBED_WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const { AutoModel, AutoTokenizer, env, mean_pooling } = require(workerData.lib);
const w = workerData;
async function main() {
  env.allowLocalModels = true;
  env.localModelPath = w.localModelPath;
  env.allowRemoteModels = false;
  const tokenizer = await AutoTokenizer.from_pretrained(w.source);
  const model = await AutoModel.from_pretrained(w.source, {
    dtype: w.dtype,
    device: "cpu",
    session_options: { intraOpNumThreads: w.threads },
  });
  let queue = Promise.resolve();
  parentPort.on("message", (msg) => {
    queue = queue.then(async () => {
      try {
        const inputs = tokenizer(msg.texts, { padding: true, truncation: true, max_length: w.maxTokens });
        const hidden = (await model(inputs)).last_hidden_state;
        const pooled = w.pooling === "mean" ? mean_pooling(hidden, inputs.attention_mask) : hidden.slice(null, 0);
        const out = pooled.normalize(2, -1);
        const data = new Float32Array(out.data);
        parentPort.postMessage({ id: msg.id, dims: out.dims, data }, [data.buffer]);
      } catch (error) {
        parentPort.postMessage({ id: msg.id, error: String((error && error.stack) || error) });
      }
    });
  });
  parentPort.postMessage({ ready: true });
}
main().catch((error) => parentPort.postMessage({ fatal: String((error && error.message) || error) }));
`;
