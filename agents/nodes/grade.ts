import type { ResolvedDeps } from "../agent-deps.js";
import type { GraphStateType, GraphStateUpdate } from "../graph-state.js";
import { createStepMeter, meterDetail } from "../llm/step-meter.js";
import { MAX_RETRIES, RETRY_BELOW } from "../state.js";
import { type DepsSource, traceEvent } from "./trace-event.js";

/** Grades the evidence 1–5; below 3 with retries left, the agent retrieves again, widened. */
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
    return {
      grade: g,
      tokens: meter.tokens,
      next_step: retry ? "retrieve" : "generate",
      retries: retry ? state.retries + 1 : state.retries,
      trace: [
        traceEvent(state, "grade", {
          score: g.score,
          coverage: g.coverage,
          entity_coverage: g.entity_coverage,
          answerable: g.answerable,
          reasons: g.reasons,
          decision: retry
            ? `grade ${g.score} < ${RETRY_BELOW}: widen and retry (${state.retries + 1}/${MAX_RETRIES})`
            : g.score < RETRY_BELOW
              ? `grade ${g.score} < ${RETRY_BELOW}, no retries left: answer from what was found`
              : `grade ${g.score}: answer`,
          ...meterDetail(meter),
        }),
      ],
    };
  };
}

/** The conditional edge after grading. */
export const afterGrade = (state: GraphStateType): "retrieve_evidence" | "generate_answer" =>
  state.next_step === "retrieve" ? "retrieve_evidence" : "generate_answer";
