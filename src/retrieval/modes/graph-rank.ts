import type { Embedder } from "../../index/embeddings/embedder.js";
import { canonicalName } from "../../index/extract/canonical.js";
import type { GraphStore, ScoredId } from "../../store/graph-store.js";
import { type BlendWeights, blendedScore, DEFAULT_BLEND } from "../blend.js";
import { rankSignal } from "../fuse.js";
import { pprRank } from "./ppr-rank.js";

/**
 * Graph mode: candidates from the hybrid seeds and from PPR, scored by the blended formula.
 * text_rel = normalised hybrid score, graph_prox = normalised PPR score, anchor_hit = the
 * chunk's heading path names something the question names. Authority and freshness stay 0
 * until PageRank authority and dates are indexed.
 */
export async function graphRank(
  store: GraphStore,
  embedder: Embedder | undefined,
  question: string,
  k: number,
  weights: BlendWeights = DEFAULT_BLEND,
): Promise<ScoredId[]> {
  const { ranked, seeds } = await pprRank(store, embedder, question, 100);
  // Rank-based signals: PPR mass is heavily skewed, so min-max would flatten all but the top few.
  const text = rankSignal(seeds.map((s) => s.id));
  const graph = rankSignal(ranked.filter((r) => r.score > 0).map((r) => r.id));
  const ids = [...new Set([...seeds.map((s) => s.id), ...ranked.map((r) => r.id)])];
  const chunks = new Map((await store.getNodes(ids)).map((n) => [n.id, n]));
  const q = ` ${canonicalName(question)} `;
  const scored = ids.map((id) => {
    const chunk = chunks.get(id);
    const headings =
      chunk?.label === "Chunk" ? chunk.heading_path.map(canonicalName).filter((h) => h.length > 2) : [];
    const anchor_hit = headings.some((h) => q.includes(` ${h} `)) ? 1 : 0;
    const signals = {
      text_rel: text.get(id) ?? 0,
      graph_prox: graph.get(id) ?? 0,
      anchor_hit,
      authority: 0,
      freshness: 0,
    };
    return { id, score: blendedScore(signals, weights) };
  });
  return scored.sort((a, b) => b.score - a.score || a.id.localeCompare(b.id)).slice(0, k);
}
