import type { GraphStore, ScoredId } from "../store/graph-store.js";
import { DEFAULT_EXPAND, type Expanded, expand } from "./expand.js";
import { rankSignal } from "./fuse.js";
import { loadNeighbourhood } from "./load-neighbourhood.js";
import type { QueryProfile } from "./query-profile.js";

export const EXPANSION_SOURCES = 8;

/**
 * Structure expansion on top of any mode's ranking (the `agr retrieve` path): the best
 * candidates are expanded and what they reach joins the ranking with score = rank signal of its
 * source × proximity, so an expanded chunk never outranks the chunk that led to it. Scores become
 * rank signals (0–1).
 */
export async function expandRanking(
  store: GraphStore,
  question: string,
  profile: QueryProfile,
  hits: readonly ScoredId[],
): Promise<{ ranked: ScoredId[]; expanded: Expanded[] }> {
  const signal = rankSignal(hits.map((h) => h.id));
  const sources = hits
    .slice(0, EXPANSION_SOURCES)
    .map((h) => ({ chunk_id: h.id, strength: signal.get(h.id) ?? 0 }));
  if (sources.length === 0) return { ranked: [...hits], expanded: [] };
  const hood = await loadNeighbourhood(
    store,
    sources.map((s) => s.chunk_id),
    question,
  );
  const expanded = expand(sources, hood, profile, DEFAULT_EXPAND).filter((e) => !signal.has(e.chunk_id));
  // Equal scores keep the order they arrive in (sort is stable): hits by rank, expansions in
  // reading order.
  const ranked = [
    ...hits.map((h) => ({ id: h.id, score: signal.get(h.id) ?? 0 })),
    ...expanded.map((e) => ({ id: e.chunk_id, score: e.prox * 0.999 })),
  ].sort((a, b) => b.score - a.score);
  return { ranked, expanded };
}
