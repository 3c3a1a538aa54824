import type { ChunkNode } from "../../domain/chunk.js";
import type { RetrievalFilter } from "../../domain/retrieval-filter.js";
import type { Embedder } from "../../index/embeddings/embedder.js";
import { canonicalName } from "../../index/extract/canonical.js";
import {
  DEFAULT_FRESHNESS,
  type FreshnessOptions,
  freshness,
  passageDate,
} from "../../index/temporal/freshness.js";
import type { GraphStore, ScoredId } from "../../store/graph-store.js";
import { type BlendWeights, blendedScore, DEFAULT_BLEND } from "../blend.js";
import { DEFAULT_EXPAND, type Expanded, type ExpandOptions, expand } from "../expand.js";
import { EXPANSION_SOURCES } from "../expand-ranking.js";
import { choosePlan, DEFAULT_PLAN_LIMITS, type RetrievalPlan } from "../fallback.js";
import { keepAllowed } from "../filter-hits.js";
import { rankSignal } from "../fuse.js";
import { loadNeighbourhood } from "../load-neighbourhood.js";
import { type QueryProfile, queryProfile } from "../query-profile.js";
import { pprRank } from "./ppr-rank.js";

export interface GraphRankOptions {
  weights?: BlendWeights;
  expand?: ExpandOptions;
  /** The clock freshness is measured against (default today, 00:00 UTC) and its half-life. */
  now?: Date;
  freshness?: FreshnessOptions;
  /** Seeds and PPR come from filtered searches; expansion may reach further but only allowed chunks rank. */
  filter?: RetrievalFilter;
}

export interface GraphRankResult {
  ranked: ScoredId[];
  plan: RetrievalPlan;
  /** What structure expansion added or supported, best first. */
  expanded: Expanded[];
}

/**
 * Graph mode: candidates from the hybrid seeds, from PPR and from structure expansion, scored by
 * the blended formula. text_rel = the hybrid rank signal, graph_prox = the larger of the PPR rank
 * signal and the expansion proximity (parents, matching siblings, tables/code, cross edges),
 * anchor_hit = the chunk's heading path names something the question names (or the question
 * names the chunk's page or a table/figure label in it), authority = the
 * section's PageRank (mean 1, capped at 4), freshness = the chunk's publication date (else the
 * latest past date its text states) decayed by a half-life; 0 for an undated chunk.
 * Too sparse (very few seeds, or nothing linked and nothing reached) → the plain hybrid ranking;
 * too dense (many near-tied candidates) → expansion within the same section, one hop.
 */
export async function graphRankDetailed(
  store: GraphStore,
  embedder: Embedder | undefined,
  question: string,
  k: number,
  options: GraphRankOptions = {},
): Promise<GraphRankResult> {
  const weights = options.weights ?? DEFAULT_BLEND;
  const profile = queryProfile(question);
  const { filter } = options;
  const { ranked, seeds, linked } = await pprRank(store, embedder, question, 100, undefined, profile, filter);
  if (seeds.length < DEFAULT_PLAN_LIMITS.minSeeds)
    return { ranked: seeds.slice(0, k), plan: "hybrid", expanded: [] };
  // Rank-based signals: PPR mass is heavily skewed, so min-max would flatten all but the top few.
  const text = rankSignal(seeds.map((s) => s.id));
  const ppr = rankSignal(ranked.filter((r) => r.score > 0).map((r) => r.id));
  const baseIds = [...new Set([...seeds.map((s) => s.id), ...ranked.map((r) => r.id)])];
  // Freshness decays over days: measured from today's UTC midnight, a ranking is the same all day (and cacheable).
  const fresh = {
    now: options.now ?? new Date(new Date().setUTCHours(0, 0, 0, 0)),
    options: options.freshness ?? DEFAULT_FRESHNESS,
  };
  const score = await scorer(store, question, profile, weights, fresh);
  const base = await score(baseIds, (id) => ({ text_rel: text.get(id) ?? 0, graph_prox: ppr.get(id) ?? 0 }));

  const top = base.slice(0, EXPANSION_SOURCES);
  const best = top[0]?.score || 1;
  const sources = top.map((s) => ({ chunk_id: s.id, strength: s.score / best }));
  const hood = await loadNeighbourhood(
    store,
    sources.map((s) => s.chunk_id),
    question,
  );
  const allowedOnly = (xs: Expanded[]) => keepAllowed(store, xs, filter, (e) => e.chunk_id);
  let expanded = await allowedOnly(expand(sources, hood, profile, options.expand ?? DEFAULT_EXPAND));
  const plan = choosePlan({
    seeds: seeds.length,
    linked,
    expanded: expanded.length,
    scores: base.map((b) => b.score),
  });
  if (plan === "hybrid") return { ranked: seeds.slice(0, k), plan, expanded: [] };
  if (plan === "same-section")
    expanded = await allowedOnly(
      expand(sources, hood, profile, { ...(options.expand ?? DEFAULT_EXPAND), sameSectionOnly: true }),
    );
  const prox = new Map(expanded.map((e) => [e.chunk_id, e.prox]));
  const ids = [...new Set([...baseIds, ...prox.keys()])];
  // An expanded chunk that matched no text keeps text_rel 0: structure alone does not outrank a match.
  const scored = await score(ids, (id) => ({
    text_rel: text.get(id) ?? 0,
    graph_prox: Math.max(ppr.get(id) ?? 0, prox.get(id) ?? 0),
  }));
  return { ranked: scored.slice(0, k), plan, expanded };
}

export async function graphRank(
  store: GraphStore,
  embedder: Embedder | undefined,
  question: string,
  k: number,
  options: GraphRankOptions = {},
): Promise<ScoredId[]> {
  return (await graphRankDetailed(store, embedder, question, k, options)).ranked;
}

/** The question names the chunk's page ("page 12") or a label it carries ("Table 2-1"): an anchor hit too. */
function namesChunk(profile: QueryProfile, c: ChunkNode): boolean {
  const start = c.page_start;
  if (start !== undefined && profile.pages.some((p) => p >= start && p <= (c.page_end ?? start))) return true;
  if (profile.labels.length === 0) return false;
  const text = c.text.toLowerCase();
  return profile.labels.some((l) => text.includes(l));
}

/** Blends each id's text and graph signals with its anchor hit and section authority; sorted best first. */
async function scorer(
  store: GraphStore,
  question: string,
  profile: QueryProfile,
  weights: BlendWeights,
  clock: { now: Date; options: FreshnessOptions },
) {
  const q = ` ${canonicalName(question)} `;
  const anchor = new Map<string, number>();
  const fresh = new Map<string, number>();
  const authority = new Map<string, number>();
  return async (
    ids: readonly string[],
    signals: (id: string) => { text_rel: number; graph_prox: number },
  ): Promise<ScoredId[]> => {
    const missing = ids.filter((id) => !anchor.has(id));
    const chunks = (await store.getNodes(missing)).flatMap((n) => (n.label === "Chunk" ? [n] : []));
    const sectionIds = [...new Set(chunks.map((c) => c.section_id))].filter((s) => !authority.has(s));
    for (const s of await store.getNodes(sectionIds))
      if (s.label === "Section") authority.set(s.id, Math.min(1, (s.authority ?? 1) / 4));
    for (const c of chunks) {
      const headings = c.heading_path.map(canonicalName).filter((h) => h.length > 2);
      anchor.set(c.id, headings.some((h) => q.includes(` ${h} `)) || namesChunk(profile, c) ? 1 : 0);
      authority.set(c.id, authority.get(c.section_id) ?? 0);
      fresh.set(c.id, freshness(passageDate(c, clock.now), clock.now, clock.options));
    }
    return ids
      .map((id) => ({
        id,
        score: blendedScore(
          {
            ...signals(id),
            anchor_hit: anchor.get(id) ?? 0,
            authority: authority.get(id) ?? 0,
            freshness: fresh.get(id) ?? 0,
          },
          weights,
        ),
      }))
      .sort((a, b) => b.score - a.score || a.id.localeCompare(b.id));
  };
}
