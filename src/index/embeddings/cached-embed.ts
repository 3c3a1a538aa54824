import type { GraphStore } from "../../store/graph-store.js";
import type { Embedder } from "./embedder.js";
import { embeddingKey, type VectorKind } from "./embedding-texts.js";

export interface EmbedRequest {
  kind: VectorKind;
  text: string;
}

export interface CachedEmbedResult {
  /** One vector per request, in order. */
  vectors: Float32Array[];
  /** Newly computed entries for the store's embedding cache. */
  fresh: Array<{ key: string; vector: Float32Array }>;
}

/**
 * Embeds passages through the store's embedding cache: only texts never embedded by this model
 * reach the embedder, each distinct text once. An embedder error propagates (fails the batch).
 */
export async function embedWithCache(
  store: GraphStore,
  embedder: Embedder,
  requests: readonly EmbedRequest[],
): Promise<CachedEmbedResult> {
  const keys = requests.map((r) => embeddingKey(r.kind, r.text));
  const known = await store.cachedEmbeddings(embedder.id, [...new Set(keys)]);
  const missing = new Map<string, string>();
  requests.forEach((r, i) => {
    const key = keys[i] ?? "";
    if (!known.has(key)) missing.set(key, r.text);
  });
  const fresh: CachedEmbedResult["fresh"] = [];
  if (missing.size > 0) {
    const computed = await embedder.embedPassages([...missing.values()]);
    if (computed.length !== missing.size) {
      throw new Error(`${embedder.id} returned ${computed.length} vectors for ${missing.size} texts`);
    }
    [...missing.keys()].forEach((key, i) => {
      const vector = computed[i];
      if (!vector) return;
      known.set(key, vector);
      fresh.push({ key, vector });
    });
  }
  const vectors = keys.map((key) => {
    const v = known.get(key);
    if (!v) throw new Error(`no embedding for cache key ${key}`);
    return v;
  });
  return { vectors, fresh };
}
