import type { Embedder } from "../../index/embeddings/embedder.js";
import { canonicalName } from "../../index/extract/canonical.js";
import type { GraphStore, ScoredId } from "../../store/graph-store.js";
import { type BlendWeights, blendedScore, DEFAULT_BLEND } from "../blend.js";
import { rankSignal } from "../fuse.js";
import { pprRank } from "./ppr-rank.js";

/**
 * Graph mode: candidates from the hybrid seeds and from PPR, scored by the blended formula.
 * text_rel = normalised hybrid score, graph_prox = normalised PPR score, anchor_hit = the
 * chunk's heading path names something the question names, authority = the section's PageRank
 * (mean 1, capped at 4). Freshness stays 0 until dates are indexed.
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
  const sectionIds = [
    ...new Set([...chunks.values()].flatMap((c) => (c.label === "Chunk" ? [c.section_id] : []))),
  ];
  const sectionOf = new Map(
    (await store.getNodes(sectionIds)).flatMap((s) =>
      s.label === "Section" ? [[s.id, s.authority ?? 1] as const] : [],
    ),
  );
  const q = ` ${canonicalName(question)} `;
  const scored = ids.map((id) => {
    const chunk = chunks.get(id);
    const headings =
      chunk?.label === "Chunk" ? chunk.heading_path.map(canonicalName).filter((h) => h.length > 2) : [];
    const anchor_hit = headings.some((h) => q.includes(` ${h} `)) ? 1 : 0;
    const authority = Math.min(1, (sectionOf.get(chunk?.label === "Chunk" ? chunk.section_id : "") ?? 0) / 4);
    const signals = {
      text_rel: text.get(id) ?? 0,
      graph_prox: graph.get(id) ?? 0,
      anchor_hit,
      authority,
      freshness: 0,
    };
    return { id, score: blendedScore(signals, weights) };
  });
  return scored.sort((a, b) => b.score - a.score || a.id.localeCompare(b.id)).slice(0, k);
}
