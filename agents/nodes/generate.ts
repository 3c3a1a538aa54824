import type { ResolvedDeps } from "../agent-deps.js";
import type { GraphStateType, GraphStateUpdate } from "../graph-state.js";
import { type DepsSource, traceEvent } from "./trace-event.js";

/** Drafts the answer from the evidence: sentences each citing the evidence they came from ([S#]). */
export function createGenerateNode(deps: DepsSource<ResolvedDeps>) {
  return async function generate(state: GraphStateType): Promise<GraphStateUpdate> {
    const { generator } = await deps();
    if (!state.route || !state.grade || !state.evidence)
      throw new Error("generate needs route, grade and evidence");
    const draft = await generator({
      question: state.question,
      bundle: state.evidence,
      decision: state.route,
      grade: state.grade,
    });
    return {
      draft,
      trace: [
        traceEvent(state, "generate", {
          sentences: draft.sentences.length,
          not_found: draft.not_found,
          cites: [...new Set(draft.sentences.flatMap((s) => s.cites))],
        }),
      ],
    };
  };
}
