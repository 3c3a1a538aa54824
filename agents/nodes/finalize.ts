import { notFoundTextFor } from "../answer/answer-language.js";
import { citationMap } from "../answer/citation-map.js";
import { renderAnswer } from "../answer/extractive-generator.js";
import type { GraphStateType, GraphStateUpdate } from "../graph-state.js";
import type { FinalAnswer } from "../schemas.js";
import { traceEvent } from "./trace-event.js";

/** The final answer text with [S#] markers and the map S# → where to open it. */
export async function finalize(state: GraphStateType): Promise<GraphStateUpdate> {
  const draft = state.draft ?? { sentences: [], not_found: true };
  const not_found = draft.not_found || draft.sentences.length === 0;
  const citations = not_found ? [] : citationMap(draft, state.evidence?.evidence ?? []);
  const final: FinalAnswer = {
    answer: renderAnswer(draft, notFoundTextFor(state.question)),
    not_found,
    route: state.route?.route ?? "simple",
    citations,
    short_answer: not_found ? null : (draft.short_answer ?? null),
  };
  return {
    final,
    citations,
    trace: [
      traceEvent(state, "finalize", {
        not_found,
        citations: citations.map((c) => c.S),
        retries: state.retries,
      }),
    ],
  };
}
