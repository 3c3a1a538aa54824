import type { Evidence } from "../../src/retrieval/context-bundle.js";
import { answerability, namedBridge } from "./answerability.js";
import type { ReaderOptions } from "./compose-answer.js";
import { linkedAnswer, ownPassageLink } from "./linked-answer.js";
import type { QuestionCues } from "./question-cues.js";
import type { ScoredCandidate } from "./score-candidates.js";

export interface Answerable {
  best: ScoredCandidate;
  /** A passage read together with the answer's own (see linked-answer.ts): the answer cites it too. */
  linked?: string;
  /** The answer as its own passage names it, when that passage is what made it answerable. */
  name?: string;
}

/**
 * The candidate that answers, or the top one's refusal reason. The top candidate's passage may lack
 * what the question names while a close runner-up has it: the best of the next few that passes the
 * same gate is taken. Two passages may pass together where neither does alone (a bridge the
 * question crosses): the answer named with the question's thing in another passage (linkedAnswer),
 * or, last, a candidate whose own passage says what the question describes it by (ownPassageLink).
 * Pure.
 */
export function answerableCandidate(
  top: ScoredCandidate,
  ranked: readonly ScoredCandidate[],
  cues: QuestionCues,
  evidence: readonly Evidence[],
  options: ReaderOptions,
): Answerable | { refused: string } {
  const gate = answerability(top, cues, evidence, options);
  if (!gate) {
    const bridge = namedBridge(top, cues, evidence);
    return bridge ? { best: top, linked: bridge } : { best: top };
  }
  const link = top.span !== null ? linkedAnswer(top, evidence) : null;
  if (link && !answerability(top, cues, link.evidence, options)) return { best: top, linked: link.sid };
  // The top candidate first, wherever it ranks (it is the first span, not always ranked[0]).
  const near = [
    top,
    ...ranked
      .slice(0, options.alternatives + 1)
      .filter((c) => c !== top && (c.span !== null) === (top.span !== null)),
  ];
  const alternative = near.find((c) => c !== top && !answerability(c, cues, evidence, options));
  if (alternative) return { best: alternative };
  for (const c of near) {
    const own = c.span !== null ? ownPassageLink(c, evidence) : null;
    if (own && !answerability(c, cues, own.evidence, options))
      return { best: c, linked: own.sid, ...(own.name ? { name: own.name } : {}) };
  }
  return { refused: gate };
}
