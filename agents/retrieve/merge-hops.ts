/**
 * Evidence of a multi-hop retrieval, pure. Planned hops: the whole question's ranking and each
 * hop's are fused by reciprocal rank. Pinned searches (a pointed source, an identifier): the
 * question's first places, then each search's best. Every passage a hop brought is marked with
 * that hop, for per-hop provenance.
 */
export interface HopRanking {
  /** 1-based hop number. */
  hop: number;
  ids: readonly string[];
  /** Places of the question's ranking ahead of this search's best (mergeHopRankings; default `keep`). */
  after?: number;
}

export interface MergeOptions {
  /** Places of the whole question's ranking kept ahead of the hops. */
  keep: number;
  /** Passages each hop puts right after them. */
  perHop: number;
}

export interface Merged {
  order: string[];
  hopOf: Map<string, number>;
}

/**
 * The question's first `keep` places (a search's own `after` if it has one), each search's best
 * `perHop` (the higher-numbered first), the rest of the question's ranking, then the rest of each
 * search's.
 */
export function mergeHopRankings(
  main: readonly string[],
  hops: readonly HopRanking[],
  options: MergeOptions,
): Merged {
  const order: string[] = [];
  const hopOf = new Map<string, number>();
  const seen = new Set<string>();
  const add = (id: string, hop?: number) => {
    if (seen.has(id)) return;
    seen.add(id);
    order.push(id);
    if (hop !== undefined) hopOf.set(id, hop);
  };
  const lastFirst = [...hops].sort((a, b) => b.hop - a.hop);
  const best = (places: number) => {
    for (const h of lastFirst)
      if (Math.min(h.after ?? options.keep, main.length) === places)
        for (const id of h.ids.slice(0, options.perHop)) add(id, h.hop);
  };
  best(0);
  main.forEach((id, i) => {
    add(id);
    best(i + 1);
  });
  for (const h of lastFirst) for (const id of h.ids.slice(options.perHop)) add(id, h.hop);
  return { order, hopOf };
}

/**
 * Rank offset of the fusion. Small, so first places count most: a passage first in any one
 * ranking (each hop's own subject) comes before one second in two. Against the old merge (the
 * question's first two, each hop's best, the rest), 073c41b: MuSiQue dev R@5 .772 → .802,
 * 2Wiki dev .990 → .990 (R@2 .752 → .855); k = 0.5 to 1 scored alike, 5 to 60 lower.
 */
export const FUSE_K = 1;

/**
 * Reciprocal-rank fusion of the question's ranking and every hop's: score Σ 1 / (k + rank).
 * Ties keep the question's order, then the last hop's. A passage is the hop's when that hop
 * ranks it above the question's ranking (or the question lacks it).
 */
export function fuseHopRankings(main: readonly string[], hops: readonly HopRanking[], k = FUSE_K): Merged {
  const score = new Map<string, number>();
  const add = (ids: readonly string[]) => {
    for (const [rank, id] of ids.entries()) score.set(id, (score.get(id) ?? 0) + 1 / (k + rank));
  };
  const lastFirst = [...hops].sort((a, b) => b.hop - a.hop);
  add(main);
  for (const h of lastFirst) add(h.ids);
  const first = new Map([...score.keys()].map((id, i) => [id, i]));
  const order = [...score.keys()].sort(
    (a, b) => (score.get(b) ?? 0) - (score.get(a) ?? 0) || (first.get(a) ?? 0) - (first.get(b) ?? 0),
  );
  const hopOf = new Map<string, number>();
  const mainRank = new Map(main.map((id, i) => [id, i]));
  for (const id of order) {
    let best = mainRank.get(id) ?? Number.POSITIVE_INFINITY;
    for (const h of lastFirst) {
      const r = h.ids.indexOf(id);
      if (r >= 0 && r < best) {
        best = r;
        hopOf.set(id, h.hop);
      }
    }
  }
  return { order, hopOf };
}
