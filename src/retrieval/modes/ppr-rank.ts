import { pprEpsilonSetting } from "../../config.js";
import type { CsrGraph } from "../../domain/graph-algorithms/csr-graph.js";
import { csrNeighbours, forwardPush, pushState } from "../../domain/graph-algorithms/local-push.js";
import { DEFAULT_PPR, personalizedPageRank } from "../../domain/graph-algorithms/personalized-page-rank.js";
import type { RetrievalFilter } from "../../domain/retrieval-filter.js";
import type { Embedder } from "../../index/embeddings/embedder.js";
import type { GraphPushdown } from "../../store/graph-pushdown.js";
import type { GraphStore, ScoredId } from "../../store/graph-store.js";
import { activeFilter, keepAllowed } from "../filter-hits.js";
import { loadPhraseGraph } from "../load-phrase-graph.js";
import { linkQuestionEntities } from "../phrase-graph.js";
import { type QueryProfile, queryProfile } from "../query-profile.js";
import { lazyPhraseGraph } from "./ppr-lazy.js";
import { linkEntitiesInDatabase } from "./ppr-pushdown.js";
import { pprRestart, withSeedTail } from "./ppr-restart.js";
import { hybridHits, SEED_POOL } from "./seeds.js";

export interface PprTuning {
  /** Restart mass on passage seeds relative to entity seeds (HippoRAG 2 uses 0.05). */
  passageSeedWeight: number;
  passageSeeds: number;
  damping: number;
  /**
   * Forward push (local PPR) leaves a node once its residual is below epsilon × its degree
   * (restart mass 1); 0 runs the full power iteration over the whole graph. Dev Recall@5 against
   * the full walk: equal at 1e-6 on MuSiQue, 2Wiki and HotpotQA; at 1e-5 (the default: a third
   * of the edges read on a 100k-chunk store) equal on MuSiQue and 2Wiki, -0.005 on HotpotQA.
   */
  epsilon: number;
  /**
   * The push bar is epsilon × max(degree, degreeFloor): a node with fewer edges than the floor
   * may keep a residual up to epsilon × floor instead of epsilon × degree (the Andersen–Chung–Lang
   * bound with degrees floored). Nodes at or above the floor, hubs and most passages, are walked
   * exactly as before. Why: on a big store, hubs spread mass thinly
   * over thousands of passages, and each passage whose residual passed epsilon had to be counted
   * in the store to learn it was still below its bar (a million chunks: 1,649 counts a question
   * at the median, 537 with the floor at 8). Dev Recall@5 unchanged (see README Scale).
   */
  degreeFloor: number;
}

const LOCAL_PUSH_EPSILON = 1e-5;

/** Chosen on the dev splits of 2Wiki, MuSiQue and HotpotQA (robust region of a small grid). */
export const DEFAULT_PPR_TUNING: PprTuning = {
  passageSeedWeight: 0.05,
  passageSeeds: 5,
  damping: 0.7,
  epsilon: pprEpsilon(pprEpsilonSetting()),
  degreeFloor: 8,
};

/** AGR_PPR_EPSILON overrides the push threshold for benchmarks ("0": the full power iteration). */
export function pprEpsilon(raw: string | undefined): number {
  const value = raw === undefined || raw.trim() === "" ? Number.NaN : Number(raw);
  return Number.isFinite(value) && value >= 0 && value < 1 ? value : LOCAL_PUSH_EPSILON;
}

export interface PprResult {
  ranked: ScoredId[];
  seeds: ScoredId[];
  /** Question entities found in the phrase graph (0: the ranking is the seeds). */
  linked: number;
}

/**
 * Personalized PageRank over the phrase + passage graph, seeded by the question's entities
 * (weighted by specificity, 1 / passages mentioning them) and by the hybrid seeds. With a filter
 * the seeds are the filtered searches' and the walk may pass through any node, but only allowed
 * passages are ranked (the seeds, all allowed, fill the list up to k).
 */
export async function pprRank(
  store: GraphStore,
  embedder: Embedder | undefined,
  question: string,
  k: number,
  tuning: PprTuning = DEFAULT_PPR_TUNING,
  profile: QueryProfile = queryProfile(question),
  filter?: RetrievalFilter,
): Promise<PprResult> {
  const f = activeFilter(filter);
  const result = await pprRankAll(store, embedder, question, k, tuning, profile, f);
  if (!f) return result;
  return {
    ...result,
    ranked: withSeedTail(await keepAllowed(store, result.ranked, f, (h) => h.id), result.seeds, k),
  };
}

async function pprRankAll(
  store: GraphStore,
  embedder: Embedder | undefined,
  question: string,
  k: number,
  tuning: PprTuning,
  profile: QueryProfile,
  filter: RetrievalFilter | undefined,
): Promise<PprResult> {
  if (store.pushdown?.queryPpr)
    return pprRankInDatabase(store, store.pushdown, embedder, question, k, tuning, profile, filter);
  // A store that reads edges by node (embedded, Neo4j) gives the walk only the part of the graph
  // it visits: the first question does not wait for the whole graph, and a big graph is never held
  // in memory (Neo4j at 100k chunks loaded 1.5M edges over Bolt before its first PPR answer).
  if (store.edgesTouching && store.edgeCounts && tuning.epsilon > 0)
    return pprRankLazy(store as LazyStore, embedder, question, k, tuning, profile, filter);
  const [graph, seeds] = await Promise.all([
    loadPhraseGraph(store),
    hybridHits(store, embedder, question, SEED_POOL, profile, filter),
  ]);
  const linked = linkQuestionEntities(question, graph).map((e) => ({
    id: graph.ids[e] ?? "",
    df: graph.df[e] ?? 0,
  }));
  // Like HippoRAG 2: a question naming nothing in the graph is answered by the seeds alone.
  if (linked.length === 0) return { ranked: seeds.slice(0, k), seeds, linked: 0 };
  const restart = new Map<number, number>();
  for (const [id, w] of pprRestart(linked, seeds, tuning, (id) => graph.index.has(id))) {
    const i = graph.index.get(id);
    if (i !== undefined) restart.set(i, w);
  }
  const ranked: ScoredId[] = [];
  for (const [i, score] of walk(graph.csr, restart, tuning))
    if (i >= graph.entityCount && score > 0) ranked.push({ id: graph.ids[i] ?? "", score });
  ranked.sort((a, b) => b.score - a.score || a.id.localeCompare(b.id));
  // Passages outside the graph (no entities) can still come from the seeds, after the graph's.
  return { ranked: cut(ranked, seeds, k, filter), seeds, linked: linked.length };
}

/** Without a filter the list is cut at k; with one the cut comes after filtering (pprRank). */
const cut = (ranked: ScoredId[], seeds: ScoredId[], k: number, filter: RetrievalFilter | undefined) =>
  filter ? ranked : withSeedTail(ranked, seeds, k);

/** Node → PPR score: by local push from the restart nodes, or (epsilon 0) power iteration. */
function walk(
  csr: CsrGraph,
  restart: ReadonlyMap<number, number>,
  tuning: PprTuning,
): Iterable<[number, number]> {
  if (tuning.epsilon > 0) {
    const state = pushState(restart);
    const degree = (i: number) =>
      Math.max(tuning.degreeFloor, (csr.offsets[i + 1] ?? 0) - (csr.offsets[i] ?? 0));
    forwardPush(
      state,
      csrNeighbours(csr),
      { damping: tuning.damping, epsilon: tuning.epsilon, maxPushes: 5e6 },
      degree,
    );
    return state.rank;
  }
  return personalizedPageRank(csr, restart, { ...DEFAULT_PPR, damping: tuning.damping }).entries();
}

type LazyStore = GraphStore & Required<Pick<GraphStore, "edgesTouching" | "edgeCounts">>;

/** The in-process walk by local push over the graph read lazily (same weights, same ranking). */
async function pprRankLazy(
  store: LazyStore,
  embedder: Embedder | undefined,
  question: string,
  k: number,
  tuning: PprTuning,
  profile: QueryProfile,
  filter: RetrievalFilter | undefined,
): Promise<PprResult> {
  const graph = lazyPhraseGraph(store);
  const [linked, seeds] = await Promise.all([
    linkEntitiesInDatabase(question, graph),
    hybridHits(store, embedder, question, SEED_POOL, profile, filter),
  ]);
  if (linked.length === 0) return { ranked: seeds.slice(0, k), seeds, linked: 0 };
  await graph.load(seeds.slice(0, tuning.passageSeeds).map((s) => s.id));
  const restart = pprRestart(linked, seeds, tuning, graph.has);
  const rank = await graph.walk(restart, tuning.damping, tuning.epsilon, tuning.degreeFloor);
  const ranked: ScoredId[] = [];
  for (const [id, score] of rank) if (score > 0 && !graph.entities.has(id)) ranked.push({ id, score });
  ranked.sort((a, b) => b.score - a.score || a.id.localeCompare(b.id));
  return { ranked: cut(ranked, seeds, k, filter), seeds, linked: linked.length };
}

/** The same walk run by the database (GDS): no phrase graph is loaded into this process. */
async function pprRankInDatabase(
  store: GraphStore,
  pushdown: GraphPushdown,
  embedder: Embedder | undefined,
  question: string,
  k: number,
  tuning: PprTuning,
  profile: QueryProfile,
  filter: RetrievalFilter | undefined,
): Promise<PprResult> {
  const [linked, seeds] = await Promise.all([
    linkEntitiesInDatabase(question, pushdown),
    hybridHits(store, embedder, question, SEED_POOL, profile, filter),
  ]);
  if (linked.length === 0) return { ranked: seeds.slice(0, k), seeds, linked: 0 };
  // The database skips passage seeds outside the phrase graph itself.
  const restart = pprRestart(linked, seeds, tuning, () => true);
  // GDS returns its top k over every passage: with a filter, ask for a deeper list to filter.
  const depth = filter ? Math.max(20 * k, 1000) : k;
  const ranked = await pushdown.phrasePpr(restart, { ...DEFAULT_PPR, damping: tuning.damping, k: depth });
  return { ranked: cut(ranked, seeds, k, filter), seeds, linked: linked.length };
}
