import type { ResolvedDeps } from "../agent-deps.js";
import type { GraphStateType, GraphStateUpdate } from "../graph-state.js";
import { createStepMeter, meterDetail } from "../llm/step-meter.js";
import { type Attempt, bestAttempt } from "../retrieve/best-attempt.js";
import { MAX_RETRIES, RETRY_BELOW } from "../state.js";
import { type DepsSource, traceEvent } from "./trace-event.js";

/**
 * Grades the evidence 1–5; below 3 with retries left, the agent retrieves again, widened. Every
 * attempt is remembered with its grade; once the agent stops retrieving, the answer is drawn
 * from the best-graded attempt (the earliest on a tie), which the trace names.
 */
export function createGradeNode(deps: DepsSource<ResolvedDeps>) {
  return async function grade(state: GraphStateType): Promise<GraphStateUpdate> {
    const { grader } = await deps();
    const meter = createStepMeter();
    const g = await grader(
      state.question,
      state.evidence?.evidence ?? [],
      state.route?.question_type ?? "other",
      meter.ctx,
    );
    const retry = g.score < RETRY_BELOW && state.retries < MAX_RETRIES;
    const record: Attempt[] = state.evidence
      ? [{ attempt: state.retries, grade: g, evidence: state.evidence, facts: state.facts }]
      : [];
    const all = [...state.attempts, ...record];
    const used = retry ? undefined : (bestAttempt(all, state.refused) ?? state.retries);
    const from = all.find((a) => a.attempt === used);
    const earlier =
      from && used !== state.retries
        ? `: answer from attempt ${used} (grade ${from.grade.score}; grades by attempt ${all.map((a) => a.grade.score).join(", ")})`
        : "";
    return {
      grade: g,
      tokens: meter.tokens,
      next_step: retry ? "retrieve" : "generate",
      retries: retry ? state.retries + 1 : state.retries,
      attempts: record,
      used_attempt: used,
      trace: [
        traceEvent(state, "grade", {
          score: g.score,
          coverage: g.coverage,
          entity_coverage: g.entity_coverage,
          answerable: g.answerable,
          reasons: g.reasons,
          attempt: state.retries,
          decision: retry
            ? `grade ${g.score} < ${RETRY_BELOW}: widen and retry (${state.retries + 1}/${MAX_RETRIES})`
            : g.score < RETRY_BELOW
              ? `grade ${g.score} < ${RETRY_BELOW}, no retries left${earlier || ": answer from what was found"}`
              : `grade ${g.score}: answer${earlier}`,
          ...(used !== undefined ? { used_attempt: used } : {}),
          ...meterDetail(meter),
        }),
      ],
    };
  };
}

/** The conditional edge after grading: retrieve again, or go on to answer from the best attempt. */
export const afterGrade = (state: GraphStateType): "retrieve_evidence" | "use_best_attempt" =>
  state.next_step === "retrieve" ? "retrieve_evidence" : "use_best_attempt";
