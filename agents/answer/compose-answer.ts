import type { Evidence } from "../../src/retrieval/context-bundle.js";
import type { AnswerSentence, Draft } from "../schemas.js";
import { answerCandidates, spanType } from "./answer-candidates.js";
import { kindFit } from "./answer-kind.js";
import { spansOf } from "./answer-spans.js";
import type { AnswerType, ExpectedAnswer } from "./answer-type.js";
import { answerableCandidate } from "./answerable-candidate.js";
import { asWritten } from "./as-written.js";
import { AMOUNTS, VALUES } from "./candidate-features.js";
import { hasBridge } from "./compose-bridge.js";
import { composeForm } from "./compose-form.js";
import { composeHopChain, hopFromSentence } from "./compose-hop-chain.js";
import { composeList } from "./compose-list.js";
import { composeOptionChoice } from "./compose-option-choice.js";
import { inQuestion } from "./in-question.js";
import { completeIntroductions } from "./introduced-block.js";
import { leadCite, ownName } from "./own-lead.js";
import { firstName, linkedName, namedSids, readable, readerCues } from "./reader-evidence.js";
import { rankCandidates } from "./score-candidates.js";
import { shortSpan } from "./short-span.js";
import { directStatement, supporting } from "./statements.js";

/**
 * Reader step 4, the composer: the direct answer first (the winning span in a short statement,
 * cited), then at most two supporting sentences; a comparison states both values and the change;
 * "not found" when the best candidate does not answer (answerability). Pure.
 */
export interface ReaderOptions {
  /** The best candidate must have this share of the question's terms in its sentence or heading. */
  minSupport: number;
  /** The best candidate's score must reach this (all parts of the score together). */
  minScore: number;
  /** A hop past a bridge must score at least this to replace the first answer. */
  minHopScore: number;
  /** Supporting sentences must reach this share of the best candidate's score. */
  keepRatio: number;
  /** Supporting sentences after the direct answer. */
  maxSupporting: number;
  /** A span may cover this much less of the question than the best sentence and still win. */
  spanSlack: number;
  /** Runners-up tried when the top candidate fails the answerability gate. */
  alternatives: number;
  /**
   * The question chains through other things (routed multi-hop, or planned as hops): its words
   * spread over several passages, so the floor eases and its names need not be in the answer's
   * own passage (answerability.ts).
   */
  chained?: boolean;
}

export const DEFAULT_READER: ReaderOptions = {
  minSupport: 0.1,
  minScore: 0.48,
  minHopScore: 0.4,
  keepRatio: 0.75,
  maxSupporting: 2,
  spanSlack: 0.4,
  alternatives: 4,
};

export interface ReaderResult {
  draft: Draft;
  expected: ExpectedAnswer;
  /** Why the reader answered or refused, for the trace. */
  reason: string;
}

export function readAnswer(
  question: string,
  evidence: readonly Evidence[],
  options: ReaderOptions = DEFAULT_READER,
  /** The route asks for an overview (global): answer with one passage's items. */
  overview = false,
  /** Cosine of candidate contexts to the question (see contextsToEmbed), when an embedder is at hand. */
  similarity?: ReadonlyMap<string, number>,
  /** Text whose names are known already (a multi-hop question's own words): never the answer. */
  known = "",
): ReaderResult {
  const read = readerCues(question, evidence);
  const cues = {
    ...read,
    lower: `${read.lower} ${known.toLowerCase()}`.trim(),
    ...(similarity ? { similarity } : {}),
  };
  const expected = cues.expected;
  const named = namedSids(evidence);
  evidence = evidence.map(readable);
  const refuse = (reason: string): ReaderResult => ({
    draft: { sentences: [], not_found: true, short_answer: null },
    expected,
    reason: asWritten(reason, question, cues.names),
  });
  // A question whose form says how to answer it (a pair, a table's extreme, two sides …).
  const formed = composeForm(question, evidence, expected);
  if (formed) return { ...formed, expected };
  if (overview || expected.type === "list") {
    const list = composeList(evidence, cues);
    if (!list) return refuse("no passage to list from");
    if (list.support < options.minSupport)
      return refuse(`the best list passage covers ${pct(list.support)} of the question's terms`);
    return {
      draft: { sentences: list.sentences, not_found: false, short_answer: null },
      expected,
      reason: `list from ${list.sentences[0]?.cites.join(",")}, support ${list.support.toFixed(2)}`,
    };
  }
  const ranked = rankCandidates(answerCandidates(expected, evidence), cues);
  // A choice no comparison composer decided is still one of its two options.
  const option = composeOptionChoice(question, evidence, ranked);
  if (option)
    return {
      draft: option,
      expected,
      reason: `option: ${option.short_answer} (its best sentence; no composer read the comparison)`,
    };
  const want = spanType(expected);
  const bestSpan = want ? ranked.find((c) => c.span !== null) : undefined;
  const bestSentence = ranked.find((c) => c.span === null);
  // A span whose sentence says less than the best sentence is likely of the wrong kind: say the sentence.
  const top =
    bestSpan && (!bestSentence || bestSpan.support >= bestSentence.support - options.spanSlack)
      ? bestSpan
      : bestSentence;
  if (!top) return refuse("no candidate in the evidence");
  // "How many …", "How much …": a sentence with no amount does not answer ("how often" or "when"
  // may be answered in words: "every week", "after each shift").
  // An amount may be of a kind the wording did not say ("how much does it lift" → "40 tonnes").
  const kinds: readonly AnswerType[] = want && AMOUNTS.includes(want) ? AMOUNTS : want ? [want] : [];
  const states = (text: string) => kinds.some((k) => spansOf(text, k).some((v) => !inQuestion(v.text, cues)));
  // The count may sit one hop on, in the own passage of a name that sentence says.
  if (top.span === null && want && COUNTED.test(question) && !states(top.quote))
    return (
      hopFromSentence(question, top, expected, cues, evidence, options) ??
      refuse(`the best sentence states no ${want}`)
    );
  const chosen = answerableCandidate(top, ranked, cues, evidence, options);
  // No passage answers a chained question alone: its words may spread over a hop it does not mark.
  if ("refused" in chosen) {
    const hop = options.chained
      ? composeHopChain(question, linkedName(cues, evidence), expected, cues, evidence, options.minHopScore)
      : null;
    return hop ?? refuse(chosen.refused);
  }
  const { best, linked } = chosen;
  // A bridge question: read on from the first answer's own passage, citing each hop.
  // "X is located in what county?" read as "Elm Corner": a place of another kind is a bridge
  // to the asked one, read on from that place's own passage.
  const misfit = expected.kind && best.span && kindFit(best.span, expected.kind) < 0 ? best : undefined;
  // A value asked (a year, a date, an amount) and only a sentence found: it may sit one hop on, in
  // the own passage of a name the evidence gives. "Who was X?" is answered by a sentence.
  const spanless = () =>
    VALUES.has(expected.type) && best.span === null ? linkedName(cues, evidence) : undefined;
  const bridge = hasBridge(question) ? firstName(cues, evidence) : (misfit ?? spanless());
  const chain = composeHopChain(question, bridge, expected, cues, evidence, options.minHopScore);
  if (chain) return chain;
  const first: AnswerSentence = {
    text: directStatement(best, ranked, cues),
    cites: [
      ...new Set([
        best.sid,
        ...(named.get(best.sid) ?? []),
        ...(linked ? [linked] : []),
        ...leadCite(best, cues.head, cues.names),
      ]),
    ],
  };
  const sentences = completeIntroductions(
    [first, ...supporting(best, ranked, first.text, options)],
    evidence,
  );
  return {
    draft: {
      sentences,
      not_found: false,
      // A yes/no question no composer decided has no short answer: a name is no "yes" or "no".
      short_answer:
        expected.type === "yes_no"
          ? null
          : shortSpan(chosen.name ?? ownName(best.span, evidence, question), question, expected.type),
    },
    expected,
    reason: `${expected.type} (${expected.rule}): ${best.span ?? "sentence"} from ${best.sid}, support ${best.support.toFixed(2)} near ${best.near.toFixed(2)} score ${best.score.toFixed(2)}`,
  };
}

// "What numeric code …" asks a number in so many words, whatever the noun after it.
const COUNTED =
  /\bhow (?:many|much)\b|\bnumber of\b|\bwhat (?:percent|percentage|share|amount)\b|\bnumeric\b|сколько/i;

const pct = (x: number): string => `${Math.round(x * 100)}%`;

export { readPair } from "./read-pair.js";

export { contextsToEmbed, nextHopQuery } from "./reader-evidence.js";
export { amount } from "./statements.js";
