import type { ResolvedDeps } from "../agent-deps.js";
import type { GraphStateType, GraphStateUpdate } from "../graph-state.js";
import { createStepMeter, meterDetail } from "../llm/step-meter.js";
import { casedQuestion } from "../retrieve/cased-question.js";
import { type DepsSource, traceEvent } from "./trace-event.js";

/**
 * Routes the question (simple | relation | multi_hop | global | temporal) and records why. With a
 * forced `--mode` the route still decides the answer's shape, not the retrieval. A question typed
 * without capitals is first given the ones the documents write its words with, and every later
 * step reads that (the trace keeps both).
 */
export function createRouteNode(deps: DepsSource<ResolvedDeps>) {
  return async function route(state: GraphStateType): Promise<GraphStateUpdate> {
    const started_at = state.started_at ?? Date.now();
    const { router, store } = await deps();
    const meter = createStepMeter();
    const question = await casedQuestion(state.question, store, state.filter);
    const decision = await router(question, meter.ctx);
    return {
      ...(question !== state.question ? { question } : {}),
      started_at,
      route: decision,
      retries: 0,
      tokens: meter.tokens,
      trace: [
        traceEvent({ started_at }, "route", {
          route: decision.route,
          question_type: decision.question_type,
          confidence: decision.confidence,
          source: decision.source,
          fired: decision.fired,
          mode: state.mode,
          ...(question !== state.question ? { typed: state.question, read_as: question } : {}),
          ...(state.mode !== "agent"
            ? { note: `--mode ${state.mode}: retrieval forced, route kept for the answer's shape` }
            : {}),
          ...meterDetail(meter),
        }),
      ],
    };
  };
}
