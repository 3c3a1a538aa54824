import type { RetrievalFilter } from "../domain/retrieval-filter.js";
import type { Embedder } from "../index/embeddings/embedder.js";
import type { GraphStore, ScoredId } from "../store/graph-store.js";
import type { Expanded } from "./expand.js";
import { expandRanking } from "./expand-ranking.js";
import { keepAllowed } from "./filter-hits.js";
import { graphRankDetailed } from "./modes/graph-rank.js";
import { pprRank } from "./modes/ppr-rank.js";
import { denseHits, hybridHits, requireEmbedder, scoped } from "./modes/seeds.js";
import { queryProfile } from "./query-profile.js";
import type { RetrievalMode, RetrievedChunk } from "./retrieval-mode.js";

export interface RetrieveContext {
  store: GraphStore;
  /** Required by dense; hybrid, graph and ppr use it when present (BM25 seeds otherwise). */
  embedder?: Embedder;
}

export interface RetrieveOptions {
  mode: RetrievalMode;
  k: number;
  /**
   * Structure expansion (parents, matching siblings, tables/code, cross edges) merged into the
   * mode's ranking, as `agr retrieve` does for its bundle. Off by default so evals compare the
   * modes themselves; graph mode always uses expansion inside its blended score.
   */
  expand?: boolean;
  /**
   * Only chunks the filter allows: every mode's seeds come from filtered searches, and what a
   * walk or expansion reaches outside it is dropped, so k allowed chunks come back when k exist.
   */
  filter?: RetrievalFilter;
}

/** Ranked chunks for a question; every mode returns the same shape so evals can compare them. */
export async function retrieve(
  ctx: RetrieveContext,
  question: string,
  options: RetrieveOptions,
): Promise<RetrievedChunk[]> {
  const { store, embedder } = ctx;
  const { k } = options;
  const { filter } = scoped(options.filter);
  const profile = queryProfile(question);
  const { hits, expanded } = await rank();
  return withSections(store, hits, expanded);

  async function rank(): Promise<{ hits: ScoredId[]; expanded: Expanded[] }> {
    const hits =
      options.mode === "graph"
        ? (await graphRankDetailed(store, embedder, question, k, filter ? { filter } : {})).ranked
        : await modeHits(options.mode);
    if (!options.expand) return { hits, expanded: [] };
    // The bundle path: what expansion reached joins the list next to the chunks that led to it
    // (only chunks the mode had not ranked are marked as expanded).
    const out = await expandRanking(store, question, profile, hits);
    const ranked = await keepAllowed(store, out.ranked, filter, (h) => h.id);
    return { hits: ranked.slice(0, k), expanded: out.expanded };
  }

  async function modeHits(mode: Exclude<RetrievalMode, "graph">): Promise<ScoredId[]> {
    switch (mode) {
      case "bm25":
        return store.searchText(question, { k, ...scoped(filter) });
      case "dense":
        return denseHits(store, requireEmbedder(embedder, "dense"), question, "text", k, filter);
      case "hybrid":
        return hybridHits(store, embedder, question, k, profile, filter);
      case "ppr":
        return (await pprRank(store, embedder, question, k, undefined, profile, filter)).ranked;
    }
  }
}

async function withSections(
  store: GraphStore,
  hits: readonly ScoredId[],
  expanded: readonly Expanded[],
): Promise<RetrievedChunk[]> {
  const nodes = new Map((await store.getNodes(hits.map((h) => h.id))).map((n) => [n.id, n]));
  const why = new Map(expanded.map((e) => [e.chunk_id, e]));
  return hits.flatMap((h) => {
    const n = nodes.get(h.id);
    if (n?.label !== "Chunk") return [];
    const e = why.get(n.id);
    return [
      {
        chunk_id: n.id,
        section_id: n.section_id,
        doc_id: n.doc_id,
        score: h.score,
        ...(e ? { expansion: { reason: e.reason, hops: e.hops, via: e.via } } : {}),
      },
    ];
  });
}
