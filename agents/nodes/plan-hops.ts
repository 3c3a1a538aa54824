import type { ResolvedDeps } from "../agent-deps.js";
import type { GraphStateType, GraphStateUpdate } from "../graph-state.js";
import { createStepMeter, meterDetail } from "../llm/step-meter.js";
import { nextHop } from "../retrieve/hop-state.js";
import { type DepsSource, traceEvent } from "./trace-event.js";

/**
 * Plans the hops of a multi-hop question (the agent's own retrieval only; global questions ask
 * for an overview, not a chain): sub-questions in order, "#k" standing for hop k's answer. A
 * one-hop question gets no plan and goes straight to retrieval.
 */
export function createPlanHopsNode(deps: DepsSource<ResolvedDeps>) {
  return async function planHops(state: GraphStateType): Promise<GraphStateUpdate> {
    if (state.mode !== "agent" || state.route?.route === "global") return { hops: undefined };
    const { decomposer } = await deps();
    const meter = createStepMeter();
    const plan = await decomposer(state.question, meter.ctx);
    // A one-hop question leaves no trace entry unless an LLM call was made (or failed) for it.
    if (!plan && meter.tokens.prompt === 0 && meter.notes.length === 0) return { hops: undefined };
    return {
      hops: plan ? { plan, records: [] } : undefined,
      tokens: meter.tokens,
      trace: [
        traceEvent(state, "plan_hops", {
          ...(plan
            ? { kind: plan.kind, source: plan.source, sub_questions: plan.hops }
            : { kind: "single", note: "one hop: the question is retrieved as a whole" }),
          ...meterDetail(meter),
        }),
      ],
    };
  };
}

/** After planning, or after a hop: the next hop while one can run, else the whole question's retrieval. */
export function afterHop(state: GraphStateType): "retrieve_hop" | "retrieve_evidence" {
  return nextHop(state.hops) ? "retrieve_hop" : "retrieve_evidence";
}
