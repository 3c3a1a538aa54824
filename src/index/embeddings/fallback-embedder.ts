import { createHash } from "node:crypto";
import { normalise } from "../../domain/vector-math.js";
import type { Embedder } from "./embedder.js";

export const FALLBACK_DIM = 384;

/**
 * Dependency-free stand-in used only when no neural model is present: signed feature hashing
 * of lower-cased word unigrams and bigrams. It matches shared words, not meaning, so it is
 * never silent (kind "fallback") and its id keeps its vectors out of a neural store. The
 * "fallback:" id prefix is how `agr stats` recognises such a store.
 */
export function createFallbackEmbedder(dim = FALLBACK_DIM): Embedder {
  const embed = async (texts: readonly string[]) => texts.map((t) => hashVector(t, dim));
  return {
    id: `fallback:hash-uni-bigram-${dim}`,
    dim,
    kind: "fallback",
    embedQueries: embed,
    embedPassages: embed,
  };
}

export function hashVector(text: string, dim: number): Float32Array {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const v = new Float32Array(dim);
  const add = (feature: string, weight: number) => {
    const h = createHash("sha1").update(feature).digest();
    // 4 bytes pick the bucket, one bit the sign (keeps collisions unbiased).
    const bucket = h.readUInt32LE(0) % dim;
    v[bucket] = (v[bucket] ?? 0) + ((h[4] ?? 0) & 1 ? weight : -weight);
  };
  for (let i = 0; i < words.length; i++) {
    add(`u:${words[i]}`, 1);
    if (i + 1 < words.length) add(`b:${words[i]} ${words[i + 1]}`, 0.5);
  }
  // Empty text still gets a unit vector, as the interface promises.
  if (words.length === 0) add("empty", 1);
  return normalise(v);
}
