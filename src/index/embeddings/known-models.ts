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
  /** Prepended to queries only (asymmetric retrieval models). */
  queryPrefix: string;
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
  },
  {
    name: "bge-small-en-v1.5",
    storeId: "BAAI/bge-small-en-v1.5",
    hubId: "Xenova/bge-small-en-v1.5",
    pooling: "cls",
    maxTokens: 512,
    queryPrefix: "Represent this sentence for searching relevant passages: ",
  },
];

/**
 * The spec of a known model by folder name, store id or hub id; any other id is taken as a
 * hub/folder id of a mean-pooled sentence-embedding model (the common case).
 */
export function modelSpec(id: string): LocalModelSpec {
  const known = KNOWN_MODELS.find((m) => m.name === id || m.storeId === id || m.hubId === id);
  return known ?? { name: id, storeId: id, hubId: id, pooling: "mean", maxTokens: 512, queryPrefix: "" };
}
