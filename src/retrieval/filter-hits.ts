import { normalizeFilter, type RetrievalFilter } from "../domain/retrieval-filter.js";
import type { GraphStore } from "../store/graph-store.js";

/** A filter that restricts something, or undefined (absent or `{}`): callers skip the work. */
export const activeFilter = (filter: RetrievalFilter | undefined): RetrievalFilter | undefined =>
  normalizeFilter(filter) ? filter : undefined;

/**
 * The hits the filter allows, in order. Seeds come from filtered searches already; this is for
 * what a graph walk or structure expansion reached: it may pass through other chunks, but only
 * allowed ones are returned. The store decides (the same WHERE as its searches).
 */
export async function keepAllowed<T>(
  store: GraphStore,
  hits: readonly T[],
  filter: RetrievalFilter | undefined,
  idOf: (hit: T) => string,
): Promise<T[]> {
  const f = activeFilter(filter);
  if (!f || hits.length === 0) return [...hits];
  const allowed = new Set(await store.allowedChunks([...new Set(hits.map(idOf))], f));
  return hits.filter((h) => allowed.has(idOf(h)));
}
