import type { ScoredId } from "../store/graph-store.js";
import type { QueryProfile } from "./query-profile.js";

/** RRF weights of the seed rankings; dense kinds count only when the store has such vectors. */
export interface FusionWeights {
  bm25: number;
  text: number;
  heading: number;
  anchor: number;
}

export const DEFAULT_FUSION: FusionWeights = { bm25: 1, text: 1, heading: 0.5, anchor: 0.5 };

/** Navigation-like questions ask where something is: headings and link anchor texts say that best. */
export function fusionWeights(profile: QueryProfile, base: FusionWeights = DEFAULT_FUSION): FusionWeights {
  return profile.navigation ? { ...base, heading: base.heading * 2, anchor: base.anchor * 2 } : base;
}

/** What the bias needs to know about a seed chunk. */
export interface SeedFacts {
  doc_id: string;
  /** The chunk comes from a PDF (it has a page, or its document is a PDF). */
  pdf: boolean;
  page_start?: number;
  page_end?: number;
  content_type: string;
  /** Lower-case text and headings, to find "table 2-1" in. */
  haystack: string;
  /** The question names the chunk's document (a word of its title or file name). */
  doc_named?: boolean;
}

/** Multipliers; a chunk carrying the named label itself (the table for "table 2-1") gets `label × own`. */
export const PDF_BIAS = { pdf: 1.25, page: 1.5, label: 2, own: 1.5, doc: 1.3 };

/**
 * PDF-like questions ("page 12", "Table 2-1", "figure") favour PDF chunks, chunks on a named page
 * and chunks carrying a named label (a table chunk for "table ..."). Multiplies fused scores and
 * re-sorts; other questions pass through unchanged. Pure.
 */
export function biasSeeds(
  ranked: readonly ScoredId[],
  facts: ReadonlyMap<string, SeedFacts>,
  profile: QueryProfile,
  bias = PDF_BIAS,
): ScoredId[] {
  if (!profile.pdf) return [...ranked];
  const out = ranked.map((r) => {
    const f = facts.get(r.id);
    if (!f) return r;
    let factor = (f.pdf ? bias.pdf : 1) * (f.doc_named ? bias.doc : 1);
    const onPage = profile.pages.some(
      (p) => f.page_start !== undefined && p >= f.page_start && p <= (f.page_end ?? f.page_start),
    );
    if (onPage) factor *= bias.page;
    const named = profile.labels.filter((l) => f.haystack.includes(l));
    // The table itself beats a paragraph that merely says "see Table 2-1".
    if (named.length > 0)
      factor *= named.some((l) => l.startsWith(f.content_type)) ? bias.label * bias.own : bias.label;
    return { id: r.id, score: r.score * factor };
  });
  return out.sort((a, b) => b.score - a.score || a.id.localeCompare(b.id));
}

/** Below this share of a waiting seed's score, another document's seed does not go before it. */
const PASSER_BY = 0.5;

/**
 * Balances a seed pool across documents: each document keeps at most `maxShare` of the pool
 * (never less than an equal split), so one big document cannot crowd out the rest. Seeds over the
 * cap wait and fill the pool only when the others run out. Scores are clamped to stay
 * non-increasing in the new order. Pure and order-stable.
 */
export function balanceByDocument(
  ranked: readonly ScoredId[],
  docOf: ReadonlyMap<string, string>,
  k: number,
  maxShare = 0.4,
): ScoredId[] {
  const docs = new Set(ranked.map((r) => docOf.get(r.id) ?? r.id));
  if (docs.size <= 1) return ranked.slice(0, k);
  const cap = Math.max(1, Math.ceil(k * maxShare), Math.ceil(k / docs.size));
  const kept: ScoredId[] = [];
  const waiting: ScoredId[] = [];
  const perDoc = new Map<string, number>();
  for (const r of ranked) {
    if (kept.length >= k) break;
    const doc = docOf.get(r.id) ?? r.id;
    const n = perDoc.get(doc) ?? 0;
    if (n >= cap) {
      waiting.push(r);
      continue;
    }
    perDoc.set(doc, n + 1);
    kept.push(r);
  }
  // A seed over the cap waits for other documents' seeds, not for any seed at all: one far
  // weaker (under half its score) is a passer-by, and the capped document's seed goes first.
  const merged: ScoredId[] = [];
  let w = 0;
  for (const r of kept) {
    while (w < waiting.length && (waiting[w]?.score ?? 0) * PASSER_BY > r.score)
      merged.push(waiting[w++] as ScoredId);
    merged.push(r);
  }
  const pool = [...merged, ...waiting.slice(w)].slice(0, k);
  let ceiling = Number.POSITIVE_INFINITY;
  return pool.map((r) => {
    ceiling = Math.min(ceiling, r.score);
    return { id: r.id, score: ceiling };
  });
}

/**
 * A question naming a page ("page 12 of the TraceMonkey paper") may share no words with that
 * page: chunks on a named page of a document the best seeds come from join the pool, scored just
 * under that document's best seed (the page bias then lifts them). Pure.
 */
export function withPageSeeds(
  pool: readonly ScoredId[],
  docOf: ReadonlyMap<string, string>,
  onPage: ReadonlyArray<{ id: string; doc_id: string }>,
  topSeeds = 10,
): ScoredId[] {
  const best = new Map<string, number>();
  for (const s of pool.slice(0, topSeeds)) {
    const doc = docOf.get(s.id);
    if (doc !== undefined && !best.has(doc)) best.set(doc, s.score);
  }
  const have = new Set(pool.map((p) => p.id));
  const added = onPage.flatMap((c) => {
    const top = best.get(c.doc_id);
    return top === undefined || have.has(c.id) ? [] : [{ id: c.id, score: top * 0.9 }];
  });
  return [...pool, ...added].sort((a, b) => b.score - a.score || a.id.localeCompare(b.id));
}
