import type { ModeMetrics } from "../../src/domain/eval-report.js";
import type { QuestionRecord } from "../datasets/qa-records.js";
import { containsGold, exactMatch, tokenF1 } from "../metrics/answer-metrics.js";
import { type CitedSentence, pooledCitationPrecision } from "../metrics/citation-precision.js";
import { type CheckVerdict, citationSupport } from "../metrics/citation-support.js";
import { isNullQuery, notFoundAccuracy } from "../metrics/not-found-accuracy.js";
import { meanOfScored } from "../metrics/ranking-metrics.js";
import type { QuestionResult } from "../report/eval-run.js";

/** An answer to score: what the agent said, what it cited, and how to judge a citation. */
export interface ScoredAnswer {
  answer: string;
  /** The answer span alone; null scores as an empty prediction. */
  short_answer: string | null;
  not_found: boolean;
  /** Why it is "not found" (null when answered; absent from runners that do not say). */
  not_found_reason?: string | null;
  route: string;
  tokens: { prompt: number; completion: number };
  sentences: readonly CitedSentence[];
  /** Passage id (corpus record id) of a cited evidence id ("S1"). */
  citedPassage: (sid: string) => string | undefined;
  /** The verifier's verdicts on the generator's (sentence, S#) pairs. */
  checks: readonly CheckVerdict[];
}

export interface AnswerRun {
  question: QuestionRecord;
  /** Retrieved text of the top-5 passages. */
  context: string;
  /** Present for the agent mode; retrieval-only modes give no answer. */
  answer?: ScoredAnswer;
}

type AnswerFields = Pick<
  ModeMetrics,
  | "answer_in_context@5"
  | "em"
  | "f1"
  | "short_answer_em"
  | "short_answer_f1"
  | "answer_contains_gold"
  | "citation_precision"
  | "citation_support"
  | "not_found_accuracy"
  | "false_not_found"
  | "tokens"
>;
type AnswerResult = Pick<
  QuestionResult,
  | "answer"
  | "short_answer"
  | "not_found"
  | "not_found_reason"
  | "route"
  | "f1"
  | "short_answer_f1"
  | "answer_contains_gold"
  | "answer_in_context"
>;

/**
 * Answer metrics of one mode. Null queries (nothing to find) only count in not-found accuracy;
 * EM, F1 (of the full answer and of the short answer) and contains-gold average over the other
 * questions with a gold answer; citation precision pools the cited pairs of answered questions
 * that have gold passages; citation support pools the verifier's verdicts of every run.
 */
export function scoreAnswers(runs: readonly AnswerRun[]): { metrics: AnswerFields; results: AnswerResult[] } {
  const answerable = (r: AnswerRun) => !isNullQuery(r.question);
  const per = runs.map((r) => {
    const golds = answerable(r) ? r.question.answers : [];
    const a = r.answer;
    return {
      inContext: containsGold(r.context, golds),
      em: a ? exactMatch(a.answer, golds) : null,
      f1: a ? tokenF1(a.answer, golds) : null,
      shortEm: a ? exactMatch(a.short_answer ?? "", golds) : null,
      shortF1: a ? tokenF1(a.short_answer ?? "", golds) : null,
      contains: a ? containsGold(a.answer, golds) : null,
    };
  });
  const answered = runs.flatMap((r) => (r.answer ? [{ run: r, answer: r.answer }] : []));
  const agentRan = answered.length > 0;
  const withGold = answered.filter(
    ({ run, answer }) => !answer.not_found && answerable(run) && run.question.supporting_ids.length > 0,
  );
  const gold = pooledCitationPrecision(
    withGold.map(({ run, answer }) => {
      const ids = new Set(run.question.supporting_ids);
      return {
        sentences: answer.sentences,
        supports: (_s: string, sid: string) => ids.has(answer.citedPassage(sid) ?? ""),
      };
    }),
  );
  // Every run counts, including those the verifier turned into "not found" by dropping all pairs.
  const support = citationSupport(answered.flatMap(({ answer }) => answer.checks));
  const nf = notFoundAccuracy(
    answered.map(({ run, answer }) => ({ isNull: isNullQuery(run.question), notFound: answer.not_found })),
  );
  const mean = (xs: readonly number[]) => (xs.length === 0 ? 0 : xs.reduce((s, x) => s + x, 0) / xs.length);
  const metrics: AnswerFields = {
    "answer_in_context@5": round4(meanOfScored(per.map((p) => p.inContext))),
    em: agentRan ? round4(meanOfScored(per.map((p) => p.em))) : null,
    f1: agentRan ? round4(meanOfScored(per.map((p) => p.f1))) : null,
    short_answer_em: agentRan ? round4(meanOfScored(per.map((p) => p.shortEm))) : null,
    short_answer_f1: agentRan ? round4(meanOfScored(per.map((p) => p.shortF1))) : null,
    answer_contains_gold: agentRan ? round4(meanOfScored(per.map((p) => p.contains))) : null,
    citation_precision: round4(gold.precision),
    citation_support: round4(support.support),
    not_found_accuracy: round4(nf.accuracy),
    false_not_found: round4(nf.false_not_found),
    tokens: {
      prompt: round2(mean(answered.map(({ answer }) => answer.tokens.prompt))),
      completion: round2(mean(answered.map(({ answer }) => answer.tokens.completion))),
    },
  };
  const results = runs.map((r, i): AnswerResult => {
    const p = per[i];
    const base: AnswerResult = { answer_in_context: p?.inContext ?? null };
    if (!r.answer) return base;
    return {
      ...base,
      answer: r.answer.answer,
      short_answer: r.answer.short_answer,
      not_found: r.answer.not_found,
      ...(r.answer.not_found_reason !== undefined ? { not_found_reason: r.answer.not_found_reason } : {}),
      route: r.answer.route,
      f1: round4(p?.f1 ?? null),
      short_answer_f1: round4(p?.shortF1 ?? null),
      answer_contains_gold: p?.contains ?? null,
    };
  });
  return { metrics, results };
}

const round4 = (x: number | null): number | null => (x === null ? null : Number(x.toFixed(4)));
const round2 = (x: number): number => Number(x.toFixed(2));
