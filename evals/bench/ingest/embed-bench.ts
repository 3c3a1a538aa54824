/**
 * Embedding throughput of the local models side by side (prints figures; asserts nothing):
 *   npx tsx evals/bench/ingest/embed-bench.ts [--models a,b,c] [--n 512] [--rounds 3] [--threads N]
 *     [--jsonl <corpus.jsonl>]
 * A model may carry a token budget per call: `bge-small-en-v1.5-q8@4096` (default 1024).
 * Each round embeds the same n passages (title + text, as the eval index does) with every model
 * in turn, so a busy shared machine slows all models alike: compare the ratios, and read the
 * absolute figures with the load average printed beside them. Also prints the mean cosine of
 * each model's vectors to the first model's (an int8 twin should be close to 1).
 */
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { dot } from "../../../src/domain/vector-math.js";
import type { Embedder } from "../../../src/index/embeddings/embedder.js";
import { createLocalEmbedder } from "../../../src/index/embeddings/local-embedder.js";
import { defaultModelDir } from "../../../src/index/embeddings/package-root.js";

const { values } = parseArgs({
  options: {
    models: { type: "string", default: "bge-small-en-v1.5,bge-small-en-v1.5-q8,all-MiniLM-L6-v2-q8" },
    n: { type: "string", default: "512" },
    rounds: { type: "string", default: "3" },
    threads: { type: "string" },
    jsonl: { type: "string", default: "../shared/datasets/multihop/2wikimultihopqa/corpus.jsonl" },
  },
});

const texts = readFileSync(values.jsonl, "utf8")
  .trim()
  .split("\n")
  .slice(0, Number(values.n))
  .map((line) => {
    const r = JSON.parse(line) as { title?: string; text?: string };
    return `${r.title ?? ""}\n\n${r.text ?? ""}`;
  });
const names = values.models.split(",").filter((m) => m !== "");
const embedders: Embedder[] = [];
for (const name of names) {
  const [model = name, budget] = name.split("@");
  embedders.push(
    await createLocalEmbedder({
      modelDir: defaultModelDir(),
      model,
      ...(budget ? { tokenBudget: Number(budget) } : {}),
      allowRemote: false,
      batchSize: 32,
      ...(values.threads ? { threads: Number(values.threads) } : {}),
    }),
  );
}

const seconds = names.map(() => [] as number[]);
const vectors: Float32Array[][] = [];
for (let round = 0; round < Number(values.rounds); round++) {
  for (const [i, embedder] of embedders.entries()) {
    const started = performance.now();
    const out = await embedder.embedPassages(texts);
    seconds[i]?.push((performance.now() - started) / 1000);
    vectors[i] = out;
  }
}
const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const base = median(seconds[0] ?? []);
console.log(
  `${texts.length} passages of ${values.jsonl}, ${values.rounds} rounds, threads ${values.threads ?? "auto"}, load ${loadavg()
    .map((x) => x.toFixed(2))
    .join(" ")}`,
);
for (const [i, name] of names.entries()) {
  const s = median(seconds[i] ?? []);
  const cos = (vectors[i] ?? []).map((v, j) => dot(v, vectors[0]?.[j] ?? v));
  const meanCos = cos.reduce((a, b) => a + b, 0) / Math.max(1, cos.length);
  console.log(
    `  ${name.padEnd(22)} median ${s.toFixed(1)} s  ${(texts.length / s).toFixed(1)} passages/s  ×${(base / s).toFixed(2)} vs ${names[0]}  cosine to ${names[0]} ${meanCos.toFixed(4)}`,
  );
}
for (const e of embedders) await e.close?.();
