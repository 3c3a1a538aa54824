import { type Evidence, passagesOf } from "../../src/retrieval/context-bundle.js";
import { answerCandidates } from "./answer-candidates.js";
import { type ExpectedAnswer, expectedAnswer } from "./answer-type.js";
import { bridgeQuery, hasBridge, passagesAbout } from "./compose-bridge.js";
import { inlineFootnotes } from "./footnotes.js";
import { inQuestion } from "./in-question.js";
import { headingName } from "./linked-answer.js";
import { type QuestionCues, questionCues, withTermWeights } from "./question-cues.js";
import { rankCandidates, type ScoredCandidate } from "./score-candidates.js";

/**
 * The evidence as the reader sees it: question cues weighted over the passages, graph items made
 * quotable, the passages an item names, the bridge of a multi-hop question, and the bounded set
 * of contexts worth embedding at query time. Pure.
 */

/**
 * The next hop to retrieve for a bridge question: the first reading's answer when it is a name
 * with no passage of its own here (see compose-bridge.ts), or null.
 */
export function nextHopQuery(
  question: string,
  evidence: readonly Evidence[],
): { bridge: string; query: string } | null {
  if (!hasBridge(question)) return null;
  const readableEvidence = evidence.map(readable);
  return bridgeQuery(question, firstName(readerCues(question, evidence), readableEvidence), readableEvidence);
}

/** The bridge of a multi-hop question: the best name the evidence offers, whatever is finally asked. */
export function firstName(cues: QuestionCues, evidence: readonly Evidence[]): ScoredCandidate | undefined {
  return bestName(cues, evidence, () => true);
}

const NAMES: ExpectedAnswer = { type: "other", value: "other", rule: "bridge" };

/** The names in the evidence, best first, ranked as a bridge is read (never the question's own). */
export function rankedNames(
  cues: QuestionCues,
  evidence: readonly Evidence[],
): Array<ScoredCandidate & { span: string }> {
  // One capitalised word opening a sentence ("However") is more often grammar than a name.
  return rankCandidates(answerCandidates(NAMES, evidence), cues).filter(
    (c): c is ScoredCandidate & { span: string } => c.span !== null && (c.span.includes(" ") || c.at > 0),
  );
}

/** The best-ranked name in the evidence that `keep` accepts. */
function bestName(
  cues: QuestionCues,
  evidence: readonly Evidence[],
  keep: (span: string, sid: string) => boolean,
): ScoredCandidate | undefined {
  return rankedNames(cues, evidence).find((c) => keep(c.span, c.sid));
}

/**
 * A bridge the question does not mark: the best name, not the question's own, that heads another
 * passage of the evidence. "… illustrated by someone born in what year?" read as the sentence naming
 * the illustrator: the year sits in the illustrator's own passage.
 */
export function linkedName(cues: QuestionCues, evidence: readonly Evidence[]): ScoredCandidate | undefined {
  return bestName(
    cues,
    evidence,
    (span, sid) => !inQuestion(span, cues) && passagesAbout(evidence, span, sid).length > 0,
  );
}

/**
 * The best name a sentence says, not the question's, that heads another passage; a name of a
 * pair the sentence joins ("critic of Zeta Corp and Quill Industries") counts alone.
 */
export function sentenceBridge(
  cues: QuestionCues,
  evidence: readonly Evidence[],
  sentence: string,
): ScoredCandidate | undefined {
  const heads = new Set(evidence.map((e) => headingName(e).toLowerCase()));
  for (const c of rankCandidates(answerCandidates(NAMES, evidence), cues)) {
    if (c.span === null || !sentence.includes(c.span) || inQuestion(c.span, cues)) continue;
    if (passagesAbout(evidence, c.span, c.sid).length > 0) return c;
    // "Procter and Gamble" is one name: a part counts only as a passage's whole heading.
    const part = c.span
      .split(/\s*(?:,|&|\band\b)\s*/)
      .find((p) => p.length > 2 && heads.has(p.toLowerCase()) && !inQuestion(p, cues));
    if (part) return { ...c, span: part };
  }
  return undefined;
}

/** Question cues with term weights from the passages (graph items repeat their words). */
export function readerCues(question: string, evidence: readonly Evidence[]): QuestionCues {
  return withTermWeights(
    questionCues(question, expectedAnswer(question)),
    passagesOf(evidence).map((e) => `${e.heading_path.join(" ")} ${e.text}`),
  );
}

/** The passages a graph item names ("(S1)"): an answer taken from the item cites them too. */
export function namedSids(evidence: readonly Evidence[]): Map<string, string[]> {
  return new Map(
    evidence.map((e) => [
      e.sid,
      e.kind && e.kind !== "passage" ? [...e.text.matchAll(/\((S\d+)\)/g)].map((m) => m[1] ?? "") : [],
    ]),
  );
}

/** A passage with its footnotes read in place (footnotes.ts); a graph item as the reader quotes it: without "(S1)" markers or a path's "From A to B:" lead. */
export function readable(e: Evidence): Evidence {
  if (!e.kind || e.kind === "passage") {
    const text = inlineFootnotes(e.text);
    return text === e.text ? e : { ...e, text };
  }
  // A path stays one statement: its hops read together are what links the question to the answer.
  const text = e.text.replace(/\s*\(S\d+\)/g, "").replace(/^From [^:]{1,120}:\s*/, "");
  return { ...e, text };
}

/**
 * The candidate contexts worth embedding for a question: the best `limit` distinct ones by the
 * lexical score, so the query-time embedding cost stays bounded.
 */
export function contextsToEmbed(question: string, evidence: readonly Evidence[], limit = 40): string[] {
  const cues = readerCues(question, evidence);
  const out = new Set<string>();
  for (const c of rankCandidates(answerCandidates(cues.expected, evidence.map(readable)), cues)) {
    if (out.size >= limit) break;
    out.add(c.context);
  }
  return [...out];
}
