import type { ContextBundle } from "../../src/retrieval/context-bundle.js";
import type { Triplet } from "../../tools/tool-result.js";
import type { GraphStateType, GraphStateUpdate } from "../graph-state.js";
import type { Grade } from "../schemas.js";

/** One retrieval attempt as graded: what the answer would rest on if it were chosen. */
export interface Attempt {
  attempt: number;
  grade: Grade;
  evidence: ContextBundle;
  facts: Triplet[];
}

/**
 * Which attempt to answer from: the highest grade; on a tie, the earliest. The first attempt is
 * the route's own strategy and ranking, and each retry only widens it (more candidates, another
 * hop, a second query), so a widening that grades no better found nothing better, and brought
 * more noise. Merging tied bundles was rejected: the merged bundle would never have been graded,
 * and its passages would no longer be any tool's ranking. Attempts in `refused` (the reader found
 * no answer there) are passed over while another attempt is left. Pure.
 */
export function bestAttempt(
  attempts: ReadonlyArray<Pick<Attempt, "attempt" | "grade">>,
  refused: readonly number[] = [],
): number | undefined {
  // An attempt the reader found no answer in is passed over while another is left.
  const open = attempts.filter((a) => !refused.includes(a.attempt));
  let best: Pick<Attempt, "attempt" | "grade"> | undefined;
  for (const a of open.length > 0 ? open : attempts) if (!best || a.grade.score > best.grade.score) best = a;
  return best?.attempt;
}

/**
 * Graph node between grading and generation: when the attempt chosen by the grade step is not the
 * last one retrieved, its bundle, grade and facts become the state's again. A node of its own, so
 * the grade step still reports each attempt's own grade.
 */
export function useBestAttempt(state: GraphStateType): GraphStateUpdate {
  const chosen = state.attempts.find((a) => a.attempt === state.used_attempt);
  if (!chosen || chosen === state.attempts.at(-1)) return {};
  return { evidence: chosen.evidence, grade: chosen.grade, facts: chosen.facts };
}
