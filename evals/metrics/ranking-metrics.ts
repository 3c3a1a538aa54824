/**
 * Passage-ranking metrics with binary relevance over gold ids. Pure and deterministic.
 * A ranking is read with duplicates removed (first occurrence wins), so a passage retrieved
 * through several chunks counts once. A question without gold passages has no score (null):
 * callers exclude it from averages instead of counting it as 0 or 1.
 */

/** The ranking with repeated ids dropped, order kept. */
export function dedupeRanking(ranking: readonly string[]): string[] {
  return [...new Set(ranking)];
}

/** Share of the distinct gold ids found in the first k distinct ranked ids; null without gold. */
export function recallAtK(ranking: readonly string[], gold: Iterable<string>, k: number): number | null {
  const goldSet = new Set(gold);
  if (goldSet.size === 0) return null;
  const top = dedupeRanking(ranking).slice(0, Math.max(0, k));
  const hits = top.filter((id) => goldSet.has(id)).length;
  return hits / goldSet.size;
}

/** 1 / rank of the first gold id (0 when none is ranked); null without gold. */
export function reciprocalRank(ranking: readonly string[], gold: Iterable<string>): number | null {
  const goldSet = new Set(gold);
  if (goldSet.size === 0) return null;
  const index = dedupeRanking(ranking).findIndex((id) => goldSet.has(id));
  return index < 0 ? 0 : 1 / (index + 1);
}

/** Binary-relevance nDCG@k: DCG of the ranking over the DCG of all gold ids ranked first; null without gold. */
export function ndcgAtK(ranking: readonly string[], gold: Iterable<string>, k: number): number | null {
  const goldSet = new Set(gold);
  if (goldSet.size === 0) return null;
  const top = dedupeRanking(ranking).slice(0, Math.max(0, k));
  let dcg = 0;
  top.forEach((id, i) => {
    if (goldSet.has(id)) dcg += discount(i);
  });
  let ideal = 0;
  for (let i = 0; i < Math.min(k, goldSet.size); i++) ideal += discount(i);
  return ideal === 0 ? 0 : dcg / ideal;
}

const discount = (index: number): number => 1 / Math.log2(index + 2);

/** Mean of the scored values (nulls skipped); null when nothing was scored. */
export function meanOfScored(values: ReadonlyArray<number | null>): number | null {
  const scored = values.filter((v): v is number => v !== null);
  if (scored.length === 0) return null;
  return scored.reduce((a, b) => a + b, 0) / scored.length;
}
