import { type RetrievalFilter, RetrievalFilterSchema } from "../src/domain/retrieval-filter.js";
import { activeFilter } from "../src/retrieval/filter-hits.js";
import type { RetrievedChunk } from "../src/retrieval/retrieval-mode.js";
import type { GraphStore } from "../src/store/graph-store.js";
import type { GraphPath, Triplet } from "./tool-result.js";

/** The optional `filter` of a retrieval tool's input: used when the caller bound none (ToolDeps.filter). */
export const FilterField = RetrievalFilterSchema.optional().describe(
  "only passages of matching documents, pages and sections (uri glob, kind, published/modified dates, pages, section path)",
);

/**
 * The filter a tool call runs under: the one its caller bound (the agent's run, a server request)
 * wins, so a model choosing tool inputs can never widen the user's scope; else the input's own.
 */
export function scopeOf(
  deps: { filter?: RetrievalFilter | undefined },
  input: { filter?: RetrievalFilter | undefined },
): RetrievalFilter | undefined {
  return activeFilter(deps.filter) ?? activeFilter(input.filter);
}

/** `{ filter }` for retrieval options, or nothing when no filter applies. */
export const filterOption = (filter: RetrievalFilter | undefined): { filter?: RetrievalFilter } =>
  filter ? { filter } : {};

/**
 * What a tool returns, cut to the filter: ranked passages, facts stated in allowed passages, and
 * paths whose every passage is allowed. Seeds come from filtered searches; this drops what a walk
 * over the graph reached outside, so no tool ever hands an answer a passage the filter excludes.
 */
export async function withinFilter(
  store: GraphStore,
  filter: RetrievalFilter | undefined,
  parts: { ranked: readonly RetrievedChunk[]; triplets: readonly Triplet[]; paths: readonly GraphPath[] },
): Promise<{ ranked: RetrievedChunk[]; triplets: Triplet[]; paths: GraphPath[] }> {
  const f = activeFilter(filter);
  if (!f) return { ranked: [...parts.ranked], triplets: [...parts.triplets], paths: [...parts.paths] };
  const ids = [
    ...parts.ranked.map((r) => r.chunk_id),
    ...parts.triplets.map((t) => t.chunk_id),
    ...parts.paths.flatMap((p) => p.chunk_ids),
  ];
  const ok = new Set(await store.allowedChunks([...new Set(ids)], f));
  return {
    ranked: parts.ranked.filter((r) => ok.has(r.chunk_id)),
    triplets: parts.triplets.filter((t) => ok.has(t.chunk_id)),
    paths: parts.paths.filter((p) => p.chunk_ids.every((id) => ok.has(id))),
  };
}
