/**
 * Seeded synthetic vectors for tests and benchmarks. Uniform random vectors in 384 dimensions
 * have no neighbourhood structure (every cosine ≈ 0), the worst case for any graph index;
 * `clusteredVectors` mimics embeddings instead: points scattered around topic centres.
 */
export function seededRandom(seed: number): () => number {
  let s = seed >>> 0 || 1;
  // mulberry32: small, fast, good enough for test data.
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function gaussian(rand: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
}

function normaliseInPlace(v: Float32Array): Float32Array {
  let norm = 0;
  for (const x of v) norm += x * x;
  const inv = norm > 0 ? 1 / Math.sqrt(norm) : 0;
  for (let i = 0; i < v.length; i++) v[i] = (v[i] ?? 0) * inv;
  return v;
}

export function randomVectors(count: number, dim: number, seed: number): Float32Array[] {
  const rand = seededRandom(seed);
  return Array.from({ length: count }, () =>
    normaliseInPlace(Float32Array.from({ length: dim }, () => gaussian(rand))),
  );
}

/** `count` unit vectors around `clusters` random centres; `spread` is the noise relative to a centre. */
export function clusteredVectors(
  count: number,
  dim: number,
  seed: number,
  clusters = Math.max(1, Math.round(count / 50)),
  spread = 0.6,
): Float32Array[] {
  const rand = seededRandom(seed);
  const centres = randomVectors(clusters, dim, seed + 1);
  const noise = spread / Math.sqrt(dim);
  return Array.from({ length: count }, () => {
    const c = centres[Math.floor(rand() * clusters)] ?? new Float32Array(dim);
    return normaliseInPlace(Float32Array.from(c, (x) => x + gaussian(rand) * noise));
  });
}
