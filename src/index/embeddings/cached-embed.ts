import type { GraphStore } from "../../store/graph-store.js";
import type { Embedder } from "./embedder.js";
import { embeddingKey, VECTOR_KINDS, type VectorKind } from "./embedding-texts.js";
import type { RecentBatch } from "./recent-vectors.js";

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
 * reach the embedder, each distinct text once (whatever kinds ask for it; with `recent`, also
 * across the batches in flight together). An embedder error propagates (fails the batch).
 */
export async function embedWithCache(
  store: GraphStore,
  embedder: Embedder,
  requests: readonly EmbedRequest[],
  recent?: RecentBatch,
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
    // Keys differ by kind, the model call does not: a text cached under another kind (a heading
    // that is also an anchor text) is reused, and one asked for under two kinds is embedded once.
    const byText = await cachedUnderOtherKinds(store, embedder.id, [...new Set(missing.values())]);
    const texts = [...new Set(missing.values())].filter((t) => !byText.has(t));
    // Taken now: by the time this batch's own call returns, a third batch may have dropped them.
    const borrowed = new Map<string, Promise<Float32Array | undefined>>();
    const own = texts.filter((t) => {
      const lent = recent?.get(t);
      if (lent) borrowed.set(t, lent);
      return !lent;
    });
    // One model call's vectors, checked and kept by text.
    const keep = (asked: readonly string[], vectors: readonly Float32Array[]) => {
      if (vectors.length !== asked.length) {
        throw new Error(`${embedder.id} returned ${vectors.length} vectors for ${asked.length} texts`);
      }
      asked.forEach((text, i) => {
        const vector = vectors[i];
        if (vector) byText.set(text, vector);
      });
    };
    const call = own.length > 0 ? embedder.embedPassages(own) : Promise.resolve([]);
    recent?.add(own, call);
    keep(own, await call);
    // A lender's failure is its own: what it could not give is asked of the model here.
    const lent = await Promise.all(
      [...borrowed].map(async ([t, p]) => [t, await p.catch(() => undefined)] as const),
    );
    for (const [text, vector] of lent) if (vector) byText.set(text, vector);
    const unlent = lent.flatMap(([t, v]) => (v ? [] : [t]));
    if (unlent.length > 0) keep(unlent, await embedder.embedPassages(unlent));
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

/** Vectors of texts the cache holds under any kind (each key names one kind and one text). */
async function cachedUnderOtherKinds(
  store: GraphStore,
  modelId: string,
  texts: readonly string[],
): Promise<Map<string, Float32Array>> {
  const textOf = new Map(texts.flatMap((t) => VECTOR_KINDS.map((k) => [embeddingKey(k, t), t] as const)));
  const hits = await store.cachedEmbeddings(modelId, [...textOf.keys()]);
  const out = new Map<string, Float32Array>();
  for (const [key, vector] of hits) {
    const text = textOf.get(key);
    if (text !== undefined) out.set(text, vector);
  }
  return out;
}
