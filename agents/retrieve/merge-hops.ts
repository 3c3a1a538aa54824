/**
 * Evidence of a planned multi-hop retrieval: the whole question's ranking keeps its first places,
 * then each hop's best passages (the last hop first: it holds the answer, which the whole
 * question's words rarely reach), then the rest of the question's ranking, then the rest of each
 * hop's. Every passage a hop brought is marked with that hop, for per-hop provenance. Pure.
 */
export interface HopRanking {
  /** 1-based hop number. */
  hop: number;
  ids: readonly string[];
}

export interface MergeOptions {
  /** Places of the whole question's ranking kept ahead of the hops. */
  keep: number;
  /** Passages each hop puts right after them. */
  perHop: number;
}

export const DEFAULT_MERGE: MergeOptions = { keep: 2, perHop: 1 };

export function mergeHopRankings(
  main: readonly string[],
  hops: readonly HopRanking[],
  options: MergeOptions = DEFAULT_MERGE,
): { order: string[]; hopOf: Map<string, number> } {
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
  for (const id of main.slice(0, options.keep)) add(id);
  for (const h of lastFirst) for (const id of h.ids.slice(0, options.perHop)) add(id, h.hop);
  for (const id of main.slice(options.keep)) add(id);
  for (const h of lastFirst) for (const id of h.ids.slice(options.perHop)) add(id, h.hop);
  return { order, hopOf };
}
