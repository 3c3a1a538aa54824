import { sha256 } from "../../domain/ids.js";
import type { GraphStore } from "../../store/graph-store.js";
import type { Embedder } from "../embeddings/embedder.js";

/** Embedding-cache key of an entity name (its own kind, apart from passage texts). */
export const entityNameKey = (name: string) => sha256(`entity-name\u0000${name}`);

export interface NameVectors {
  vectors: Map<string, Float32Array>;
  /** Names sent to the embedder this time (cache misses). */
  embedded: number;
}

/**
 * Vectors of entity names through the store's embedding cache, written back in the same call:
 * a rerun over the same entities embeds nothing. An embedder error propagates.
 */
export async function entityNameVectors(
  store: GraphStore,
  embedder: Embedder,
  names: readonly string[],
  batchSize = 256,
): Promise<NameVectors> {
  const distinct = [...new Set(names)];
  const keys = distinct.map(entityNameKey);
  const known = await store.cachedEmbeddings(embedder.id, keys);
  const vectors = new Map<string, Float32Array>();
  const missing: string[] = [];
  distinct.forEach((name, i) => {
    const hit = known.get(keys[i] ?? "");
    if (hit) vectors.set(name, hit);
    else missing.push(name);
  });
  for (let i = 0; i < missing.length; i += batchSize) {
    const batch = missing.slice(i, i + batchSize);
    const computed = await embedder.embedPassages(batch);
    if (computed.length !== batch.length) {
      throw new Error(`${embedder.id} returned ${computed.length} vectors for ${batch.length} names`);
    }
    const entries = batch.map((name, j) => ({
      key: entityNameKey(name),
      vector: computed[j] ?? new Float32Array(),
    }));
    for (const [j, name] of batch.entries()) vectors.set(name, entries[j]?.vector ?? new Float32Array());
    // Written per batch: an interrupted run keeps what it embedded.
    await store.write({ embeddingCache: [{ model_id: embedder.id, entries }] });
  }
  return { vectors, embedded: missing.length };
}
