/**
 * How graph retrieval proceeds for one question: full structure expansion; plain hybrid when
 * the evidence is too sparse for the graph to add anything; or, when too many candidates are
 * near-tied (a dense, undiscriminating neighbourhood), expansion kept to the same section, one hop.
 */
export type RetrievalPlan = "expand" | "hybrid" | "same-section";

export interface PlanSignals {
  /** Hybrid seeds found. */
  seeds: number;
  /** Question entities linked in the phrase graph. */
  linked: number;
  /** Chunks structure expansion reached. */
  expanded: number;
  /** Blended scores of the ranked candidates, best first. */
  scores: readonly number[];
}

export interface PlanLimits {
  /** Fewer seeds than this is too sparse. */
  minSeeds: number;
  /** Relative gap to the best score within which a candidate counts as tied. */
  tieWindow: number;
  /** This many tied candidates (or more) is too dense. */
  denseTies: number;
}

export const DEFAULT_PLAN_LIMITS: PlanLimits = { minSeeds: 3, tieWindow: 0.01, denseTies: 8 };

/** Pure: sparse → hybrid, dense → same-section, otherwise expand. */
export function choosePlan(s: PlanSignals, limits: PlanLimits = DEFAULT_PLAN_LIMITS): RetrievalPlan {
  if (s.seeds < limits.minSeeds) return "hybrid";
  if (s.linked === 0 && s.expanded === 0) return "hybrid";
  const top = s.scores[0] ?? 0;
  if (top <= 0) return "expand";
  const tied = s.scores.filter((x) => x >= top * (1 - limits.tieWindow)).length;
  return tied >= limits.denseTies ? "same-section" : "expand";
}
