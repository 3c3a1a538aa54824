import { notFoundTextFor, questionLanguage } from "../answer/answer-language.js";
import { citationMap } from "../answer/citation-map.js";
import { renderAnswer } from "../answer/extractive-generator.js";
import { answerContradictions, contradictionNote } from "../answer/verify-claims.js";
import type { GraphStateType, GraphStateUpdate } from "../graph-state.js";
import type { FinalAnswer } from "../schemas.js";
import { traceEvent } from "./trace-event.js";

/**
 * The final answer text with [S#] markers and the map S# → where to open it; when the sources
 * disagree about what the answer states, a short note after it cites both sides.
 */
export async function finalize(state: GraphStateType): Promise<GraphStateUpdate> {
  const draft = state.draft ?? { sentences: [], not_found: true };
  const not_found = draft.not_found || draft.sentences.length === 0;
  const body = renderAnswer(draft, notFoundTextFor(state.question));
  const shown = not_found ? [] : answerContradictions(state.verification?.contradictions ?? [], body);
  const note = contradictionNote(shown, questionLanguage(state.question));
  // The note's S# open like the answer's.
  const noteCites = shown.flatMap((c) => (c.sources ?? []).flatMap((x) => x.cites));
  const cited = noteCites.length ? [...draft.sentences, { text: note, cites: noteCites }] : draft.sentences;
  const citations = not_found
    ? []
    : citationMap({ ...draft, sentences: cited }, state.evidence?.evidence ?? []);
  const final: FinalAnswer = {
    answer: note ? `${body}\n\n${note}` : body,
    not_found,
    route: state.route?.route ?? "simple",
    citations,
    short_answer: not_found ? null : (draft.short_answer ?? null),
    not_found_reason: not_found ? notFoundReason(state) : null,
  };
  return {
    final,
    citations,
    trace: [
      traceEvent(state, "finalize", {
        not_found,
        citations: citations.map((c) => c.S),
        retries: state.retries,
        contradictions_shown: shown.length,
      }),
    ],
  };
}

/** Why there is no answer: the generator's refusal, else every drafted sentence failed verification. */
function notFoundReason(state: GraphStateType): string {
  if (state.refusal) return state.refusal;
  const dropped = state.verification?.dropped ?? 0;
  return dropped > 0
    ? `the verifier dropped all ${dropped} drafted sentence(s): none is supported by the passage it cites`
    : "the generator found no answer";
}
