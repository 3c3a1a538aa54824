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
 * reach the embedder, each distinct text once (whatever kinds ask for it). An embedder error propagates (fails the batch).
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
    // Keys differ by kind, the model call does not: a heading that is also an anchor text is embedded once.
    const texts = [...new Set(missing.values())];
    const computed = await embedder.embedPassages(texts);
    if (computed.length !== texts.length) {
      throw new Error(`${embedder.id} returned ${computed.length} vectors for ${texts.length} texts`);
    }
    const byText = new Map(texts.map((text, i) => [text, computed[i]]));
    for (const [key, text] of missing) {
      const vector = byText.get(text);
      if (!vector) continue;
      known.set(key, vector);
      fresh.push({ key, vector });
    }
  }
  const vectors = keys.map((key) => {
    const v = known.get(key);
    if (!v) throw new Error(`no embedding for cache key ${key}`);
    return v;
  });
  return { vectors, fresh };
}
