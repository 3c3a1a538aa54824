import type { Embedder } from "../../index/embeddings/embedder.js";
import type { GraphStore, ScoredId } from "../../store/graph-store.js";
import { normalise } from "../fuse.js";
import { loadPhraseGraph } from "../load-phrase-graph.js";
import { linkQuestionEntities } from "../phrase-graph.js";
import { DEFAULT_PPR, personalizedPageRank } from "../ppr.js";
import { type QueryProfile, queryProfile } from "../query-profile.js";
import { hybridHits, SEED_POOL } from "./seeds.js";

export interface PprTuning {
  /** Restart mass on passage seeds relative to entity seeds (HippoRAG 2 uses 0.05). */
  passageSeedWeight: number;
  passageSeeds: number;
  damping: number;
}

/** Chosen on the dev splits of 2Wiki, MuSiQue and HotpotQA (robust region of a small grid). */
export const DEFAULT_PPR_TUNING: PprTuning = { passageSeedWeight: 0.05, passageSeeds: 5, damping: 0.7 };

export interface PprResult {
  ranked: ScoredId[];
  seeds: ScoredId[];
  /** Question entities found in the phrase graph (0: the ranking is the seeds). */
  linked: number;
}

/**
 * Personalized PageRank over the phrase + passage graph, seeded by the question's entities
 * (weighted by specificity, 1 / passages mentioning them) and by the hybrid seeds.
 */
export async function pprRank(
  store: GraphStore,
  embedder: Embedder | undefined,
  question: string,
  k: number,
  tuning: PprTuning = DEFAULT_PPR_TUNING,
  profile: QueryProfile = queryProfile(question),
): Promise<PprResult> {
  const [graph, seeds] = await Promise.all([
    loadPhraseGraph(store),
    hybridHits(store, embedder, question, SEED_POOL, profile),
  ]);
  const linked = linkQuestionEntities(question, graph);
  // Like HippoRAG 2: a question naming nothing in the graph is answered by the seeds alone.
  if (linked.length === 0) return { ranked: seeds.slice(0, k), seeds, linked: 0 };
  const restart = new Map<number, number>();
  for (const e of linked) restart.set(e, 1 / Math.max(1, graph.df[e] ?? 1));
  const entityMass = [...restart.values()].reduce((a, b) => a + b, 0) || 1;
  const top = seeds.slice(0, tuning.passageSeeds);
  const norm = normalise(new Map(top.map((s) => [s.id, s.score])));
  for (const s of top) {
    const i = graph.index.get(s.id);
    if (i === undefined) continue;
    restart.set(
      i,
      (restart.get(i) ?? 0) + entityMass * tuning.passageSeedWeight * (norm.get(s.id) ?? 0) + 1e-9,
    );
  }
  const rank = personalizedPageRank(graph.csr, restart, { ...DEFAULT_PPR, damping: tuning.damping });
  const ranked: ScoredId[] = [];
  for (let i = graph.entityCount; i < graph.ids.length; i++) {
    const score = rank[i] ?? 0;
    if (score > 0) ranked.push({ id: graph.ids[i] ?? "", score });
  }
  ranked.sort((a, b) => b.score - a.score || a.id.localeCompare(b.id));
  // Passages outside the graph (no entities) can still come from the seeds, after the graph's.
  const seen = new Set(ranked.map((r) => r.id));
  const rest = seeds.filter((s) => !seen.has(s.id)).map((s) => ({ id: s.id, score: 0 }));
  return { ranked: [...ranked, ...rest].slice(0, k), seeds, linked: linked.length };
}
