import { exactSearch, MetricKind } from "usearch";

export interface SynonymPair {
  /** Entity ids, a < b. */
  a: string;
  b: string;
  /** Cosine of the two names' vectors (1 for a stated alias). */
  weight: number;
}

export interface SynonymOptions {
  /** Cosine a pair of names must reach. */
  threshold: number;
  /** Nearest names kept per entity, so a generic name cannot become a hub. */
  maxPerEntity: number;
}

/**
 * Chosen by looking at bge-small-en-v1.5 neighbours of MuSiQue / 2Wiki entity names: above
 * ~0.9 they are spelling variants, transliterations and short/long forms ("Hugh of Tours" /
 * "Hugh, Count of Tours"); below it related but distinct things (two cities of one country).
 */
export const DEFAULT_SYNONYMS: SynonymOptions = { threshold: 0.9, maxPerEntity: 3 };

/**
 * SYNONYM candidates among named entities from their (normalised) name vectors: each entity's
 * nearest names above the threshold, exact search (SIMD brute force; ~12k names in seconds),
 * a pair kept once. Pure and deterministic.
 */
export function synonymPairs(
  items: ReadonlyArray<{ id: string; vector: Float32Array }>,
  options: SynonymOptions = DEFAULT_SYNONYMS,
): SynonymPair[] {
  const dim = items[0]?.vector.length ?? 0;
  if (items.length < 2 || dim === 0) return [];
  const data = new Float32Array(items.length * dim);
  items.forEach((it, i) => {
    data.set(it.vector, i * dim);
  });
  const k = Math.min(items.length, options.maxPerEntity + 1);
  const found = exactSearch(data, data, dim, k, MetricKind.IP);
  const pairs = new Map<string, SynonymPair>();
  for (let q = 0; q < items.length; q++) {
    for (let j = 0; j < k; j++) {
      const other = Number(found.keys[q * k + j] ?? BigInt(q));
      const weight = 1 - (found.distances[q * k + j] ?? 1);
      const [x, y] = [items[q]?.id ?? "", items[other]?.id ?? ""];
      if (other === q || x === y || weight < options.threshold) continue;
      const [a, b] = x < y ? [x, y] : [y, x];
      const key = `${a}\u0000${b}`;
      const rounded = Math.min(1, Number(weight.toFixed(4)));
      if (!pairs.has(key)) pairs.set(key, { a, b, weight: rounded });
    }
  }
  return [...pairs.values()].sort((p, q) => p.a.localeCompare(q.a) || p.b.localeCompare(q.b));
}

/** Stated aliases ("FAA" alias of "Federal Aviation Administration") as pairs of weight 1. */
export function aliasPairs(aliases: ReadonlyArray<{ src: string; dst: string }>): SynonymPair[] {
  const pairs = new Map<string, SynonymPair>();
  for (const e of aliases) {
    if (e.src === e.dst) continue;
    const [a, b] = e.src < e.dst ? [e.src, e.dst] : [e.dst, e.src];
    pairs.set(`${a}\u0000${b}`, { a, b, weight: 1 });
  }
  return [...pairs.values()];
}
