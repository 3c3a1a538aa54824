import type { QuestionCues } from "./question-cues.js";
import { readerTerms } from "./reader-terms.js";
import type { ScoredCandidate } from "./score-candidates.js";

/**
 * A name several passages state, each covering part of the question, answers a question no one
 * sentence covers ("which company, reported by A and by B, did X and Y?"): its support is the
 * union of what its sentences cover, and each further passage adds a little to its score.
 */
export function withAgreement(scored: readonly ScoredCandidate[], q: QuestionCues): ScoredCandidate[] {
  const bySpan = new Map<string, ScoredCandidate[]>();
  // Names only: a value or a place said in many passages ("American", "2019") is common, not agreed.
  for (const c of scored)
    if (c.span && (c.type === "person" || c.type === "organisation" || c.type === "other"))
      bySpan.set(c.span.toLowerCase(), [...(bySpan.get(c.span.toLowerCase()) ?? []), c]);
  const w = (t: string) => q.weights.get(t) ?? 1;
  const total = q.terms.reduce((sum, t) => sum + w(t), 0) || 1;
  return scored.map((c) => {
    const same = c.span ? (bySpan.get(c.span.toLowerCase()) ?? []) : [];
    const passages = new Set(same.map((x) => x.sid));
    if (passages.size < 2) return c;
    const covered = new Set(same.flatMap((x) => readerTerms(`${x.context} ${x.heading}`)));
    const union = q.terms.filter((t) => covered.has(t)).reduce((sum, t) => sum + w(t), 0) / total;
    // A sentence that covers the question alone gains nothing from a name said elsewhere too.
    if (union <= c.support) return c;
    const bonus = Math.min(0.15, 0.05 * (passages.size - 1));
    return {
      ...c,
      support: Math.max(c.support, union),
      score: Math.round((c.score + bonus) * 10000) / 10000,
    };
  });
}
