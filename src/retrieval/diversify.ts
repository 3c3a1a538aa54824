export interface DiversifyLimits {
  perSection: number;
  perPageOrFile: number;
  min: number;
  max: number;
}

export const DEFAULT_DIVERSIFY: DiversifyLimits = { perSection: 2, perPageOrFile: 3, min: 6, max: 12 };

export interface Candidate {
  id: string;
  section_id: string;
  /** Page for PDFs ("doc#p12"), the document otherwise. */
  locus: string;
  tokens: number;
}

/**
 * Keeps the ranking order but caps chunks per section and per page/file, and stops at `max`
 * or the token budget. When the caps leave fewer than `min`, the best skipped ones fill up.
 * Pure and order-stable.
 */
export function diversify<T extends Candidate>(
  ranked: readonly T[],
  budget: number,
  limits = DEFAULT_DIVERSIFY,
): T[] {
  const picked: T[] = [];
  const skipped: T[] = [];
  const perSection = new Map<string, number>();
  const perLocus = new Map<string, number>();
  let tokens = 0;
  for (const c of ranked) {
    if (picked.length >= limits.max) break;
    if (tokens + c.tokens > budget && picked.length > 0) continue;
    const s = perSection.get(c.section_id) ?? 0;
    const l = perLocus.get(c.locus) ?? 0;
    if (s >= limits.perSection || l >= limits.perPageOrFile) {
      skipped.push(c);
      continue;
    }
    picked.push(c);
    tokens += c.tokens;
    perSection.set(c.section_id, s + 1);
    perLocus.set(c.locus, l + 1);
  }
  for (const c of skipped) {
    if (picked.length >= limits.min || tokens + c.tokens > budget) break;
    picked.push(c);
    tokens += c.tokens;
  }
  const order = new Map(ranked.map((c, i) => [c.id, i]));
  return picked.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
}
