import type { Evidence } from "../../src/retrieval/context-bundle.js";
import type { ExpectedAnswer } from "./answer-type.js";
import { answerability } from "./answerability.js";
import type { ReaderOptions, ReaderResult } from "./compose-answer.js";
import { MAX_HOPS, nextHop } from "./compose-bridge.js";
import { ownName } from "./own-lead.js";
import type { QuestionCues } from "./question-cues.js";
import { sentenceBridge } from "./reader-evidence.js";
import type { ScoredCandidate } from "./score-candidates.js";
import { shortSpan } from "./short-span.js";
import { shorten } from "./statements.js";

/**
 * The answer read on from a bridge (compose-bridge.ts), citing each hop: the hop's sentence first,
 * then the sentence that named the bridge. Null when no hop scores `minHopScore`. Pure.
 */
export function composeHopChain(
  question: string,
  bridge: ScoredCandidate | undefined,
  expected: ExpectedAnswer,
  cues: QuestionCues,
  evidence: readonly Evidence[],
  minHopScore: number,
): ReaderResult | null {
  const hops: ScoredCandidate[] = [];
  for (let at = bridge; at && hops.length < MAX_HOPS; ) {
    const next = nextHop(at, expected, cues, evidence, minHopScore);
    if (!next || hops.some((h) => h.sid === next.sid)) break;
    hops.push(next);
    at = next;
  }
  const last = hops.at(-1);
  if (!last || !bridge) return null;
  const via = { text: shorten(bridge.quote, bridge.at), cites: [bridge.sid] };
  const chain = [...hops].reverse().map((h) => ({ text: shorten(h.quote, h.at), cites: [h.sid] }));
  if (!chain.some((c) => c.text === via.text)) chain.push(via);
  return {
    draft: {
      sentences: chain,
      not_found: false,
      short_answer: shortSpan(ownName(last.span, evidence, question), question, expected.type),
    },
    expected,
    reason: `${expected.type}: ${bridge.span} (${bridge.sid}) → ${hops.map((h) => `${h.span} (${h.sid})`).join(" → ")}`,
  };
}

/**
 * "… a critic of Zeta Corp and another firm that operates in how many countries?": the best
 * sentence names the firm and states no count; the count sits in the firm's own passage,
 * one hop on. This turns a refusal into an answer, so the hop must reach the full hop floor, with
 * no ease for a value in the bridge's own passage. Null when no name of the sentence leads there.
 */
export function hopFromSentence(
  question: string,
  sentence: ScoredCandidate,
  expected: ExpectedAnswer,
  cues: QuestionCues,
  evidence: readonly Evidence[],
  options: ReaderOptions,
): ReaderResult | null {
  const via = sentenceBridge(cues, evidence, sentence.quote);
  // The question must hold over the chain as over any chained one: its names in the evidence, its
  // numbers said on the way ("… how many countries in 1950?" with no 1950 anywhere is refused).
  if (!via || answerability(sentence, cues, evidence, { ...options, chained: true })) return null;
  const next = nextHop(via, expected, cues, evidence, options.minHopScore);
  return next && next.score >= options.minHopScore
    ? composeHopChain(question, via, expected, cues, evidence, options.minHopScore)
    : null;
}
