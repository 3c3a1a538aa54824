import { relative } from "node:path";
import type { DocQaRecord } from "../datasets/docqa-records.js";
import { type CitedPlace, citationHit, uriPath } from "../metrics/citation-location.js";
import { type CheckVerdict, citationSupport } from "../metrics/citation-support.js";
import { judgeReply } from "../metrics/docqa-judge.js";
import { percentile } from "../metrics/percentile.js";
import { routerAccuracy } from "../metrics/router-accuracy.js";
import type { DocQaMetrics, DocQaQuestionResult, DocQaReport } from "../report/docqa-report.js";

/** What the eval keeps of one agent run on a docqa question. */
export interface DocQaOutcome {
  answer: string;
  short_answer: string | null;
  not_found: boolean;
  /** Why it is "not found" (null when answered; absent when the runner does not say). */
  not_found_reason?: string | null;
  route: string;
  citations: ReadonlyArray<CitedPlace & { S: string; chunk_id?: string }>;
  /** The verifier's checks of the generator's draft (final state's verification.checks). */
  checks: readonly CheckVerdict[];
  latency_ms: number;
}

export interface DocQaScoreInput {
  record: DocQaRecord;
  outcome: DocQaOutcome;
}

type Scored = Pick<DocQaReport, "overall" | "by_route" | "router_accuracy" | "router">;

/**
 * Scores docqa runs overall and per gold route. Pure: `baseDir` only shortens the cited paths
 * written per question (relative to it).
 */
export function scoreDocQa(
  runs: readonly DocQaScoreInput[],
  baseDir?: string,
): Scored & { results: DocQaQuestionResult[] } {
  const results = runs.map((r) => questionResult(r, baseDir));
  const by_route: Record<string, DocQaMetrics> = {};
  for (const route of [...new Set(runs.map((r) => r.record.route))])
    by_route[route] = groupMetrics(runs.filter((r) => r.record.route === route));
  // Identity map gold route → route; not_found items have no route to predict.
  const identity = Object.fromEntries(
    (["simple", "relation", "multi_hop", "global", "temporal"] as const).map((r) => [r, r]),
  );
  const router = routerAccuracy(
    runs.filter((r) => r.record.answerable).map((r) => ({ type: r.record.route, route: r.outcome.route })),
    identity,
  );
  return {
    overall: groupMetrics(runs),
    by_route,
    router_accuracy: router ? round4(router.accuracy) : null,
    router: router
      ? {
          n: router.n,
          by_route: Object.fromEntries(
            Object.entries(router.by_type).map(([k, v]) => [k, { ...v, accuracy: round4(v.accuracy) }]),
          ),
        }
      : null,
    results,
  };
}

function groupMetrics(runs: readonly DocQaScoreInput[]): DocQaMetrics {
  const answerable = runs.filter((r) => r.record.answerable);
  const unanswerable = runs.filter((r) => !r.record.answerable);
  const answered = answerable.filter((r) => !r.outcome.not_found);
  const support = citationSupport(runs.flatMap((r) => r.outcome.checks));
  const latencies = runs.map((r) => r.outcome.latency_ms);
  return {
    questions: runs.length,
    answerable: answerable.length,
    answer_accuracy: share(answerable, answerCorrect),
    short_answer_accuracy: share(answerable, shortCorrect),
    short_answers: answerable.filter((r) => r.outcome.short_answer !== null).length,
    answered: answered.length,
    citation_location_hit: share(answered, (r) => citationHit(r.outcome.citations, r.record.locations)),
    not_found_accuracy: share(unanswerable, (r) => r.outcome.not_found),
    false_refusals: share(answerable, (r) => r.outcome.not_found),
    citation_support: support.support === null ? null : round4(support.support),
    citation_pairs: support.pairs,
    latency_ms:
      latencies.length === 0
        ? { p50: 0, p95: 0 }
        : { p50: round1(percentile(latencies, 50)), p95: round1(percentile(latencies, 95)) },
  };
}

const answerCorrect = ({ record, outcome }: DocQaScoreInput): boolean =>
  !outcome.not_found && judgeReply(outcome.answer, record.answers, record.answers_all === true);

const shortCorrect = ({ record, outcome }: DocQaScoreInput): boolean =>
  !outcome.not_found && judgeReply(outcome.short_answer, record.answers, record.answers_all === true);

function questionResult(run: DocQaScoreInput, baseDir: string | undefined): DocQaQuestionResult {
  const { record, outcome } = run;
  const path = (uri: string) => (baseDir ? relative(baseDir, uriPath(uri)) : uriPath(uri));
  const kept = citationSupport(outcome.checks);
  return {
    id: record.id,
    question: record.question,
    route_gold: record.route,
    route_pred: outcome.route,
    answerable: record.answerable,
    answer: outcome.answer,
    short_answer: outcome.short_answer,
    not_found: outcome.not_found,
    ...(outcome.not_found_reason !== undefined ? { not_found_reason: outcome.not_found_reason } : {}),
    correct: record.answerable ? answerCorrect(run) : outcome.not_found,
    short_correct: record.answerable ? shortCorrect(run) : null,
    citation_hit:
      record.answerable && !outcome.not_found ? citationHit(outcome.citations, record.locations) : null,
    gold_answers: record.answers,
    gold_locations: record.locations.map((l) =>
      "page" in l ? `${l.doc} p${l.page}` : `${l.doc} # ${l.heading}`,
    ),
    cited: outcome.citations.map((c) => ({
      S: c.S,
      ...(c.chunk_id !== undefined ? { chunk_id: c.chunk_id } : {}),
      doc: path(c.uri),
      ...(c.page !== undefined ? { page: c.page } : {}),
      heading_path: [...c.heading_path],
    })),
    checks: { pairs: kept.pairs, kept: kept.supported + kept.revised },
    latency_ms: round1(outcome.latency_ms),
  };
}

function share<T>(xs: readonly T[], ok: (x: T) => boolean): number | null {
  return xs.length === 0 ? null : round4(xs.filter(ok).length / xs.length);
}

const round4 = (x: number): number => Number(x.toFixed(4));
const round1 = (x: number): number => Number(x.toFixed(1));
