/**
 * Reciprocal rank fusion: each ranking contributes weight / (k + rank). Robust to score
 * scales that differ between BM25 and cosine; k = 60 as in the original paper.
 */
export function reciprocalRankFusion(
  rankings: ReadonlyArray<{ ids: readonly string[]; weight?: number }>,
  k = 60,
): Array<{ id: string; score: number }> {
  const scores = new Map<string, number>();
  for (const { ids, weight = 1 } of rankings) {
    for (const [rank, id] of ids.entries()) scores.set(id, (scores.get(id) ?? 0) + weight / (k + rank + 1));
  }
  // Equal sums (rank i in one list and j in the other, against j and i) keep first-seen order
  // (the map's insertion order; sort is stable), i.e. the earlier list decides: an id order would
  // hang on the path hashed into the ids.
  return [...scores].map(([id, score]) => ({ id, score })).sort((a, b) => b.score - a.score);
}

/** Min-max normalisation to 0–1 (all equal → all 1), for blending scores of different scales. */
export function normalise(scores: ReadonlyMap<string, number>): Map<string, number> {
  const values = [...scores.values()];
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = max - min;
  return new Map([...scores].map(([id, s]) => [id, span > 0 ? (s - min) / span : 1]));
}

/** 1 for the first id, falling linearly towards 0 at the end of the list. */
export function rankSignal(ids: readonly string[]): Map<string, number> {
  return new Map(ids.map((id, i) => [id, 1 - i / Math.max(1, ids.length)]));
}
