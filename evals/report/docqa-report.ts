import { z } from "zod";

const Share = z.number().min(0).max(1).nullable();
const Count = z.number().int().nonnegative();

/** The docqa figures of one group of questions (all, or one gold route); a share is null when its denominator is 0. */
export const DocQaMetricsSchema = z.object({
  questions: Count,
  answerable: Count,
  /** Answerable items whose answer contains a gold string (all of them with answers_all), not answered not_found. */
  answer_accuracy: Share,
  /** The same rule on the result's short_answer; null counts as wrong. */
  short_answer_accuracy: Share,
  /** Answerable items that got a short_answer at all. */
  short_answers: Count,
  /** Answerable items answered (not "not found"): citation_location_hit's denominator. */
  answered: Count,
  /** Of answered answerable items, the share with a citation at one of the gold locations. */
  citation_location_hit: Share,
  /** Unanswerable items answered not_found. */
  not_found_accuracy: Share,
  /** Answerable items answered not_found. */
  false_refusals: Share,
  /** Of the generator's (sentence, S#) pairs, the share the verifier kept (supported or revised). */
  citation_support: Share,
  citation_pairs: Count,
  /** One in-process agent run per question (no CLI start-up). */
  latency_ms: z.object({ p50: z.number().nonnegative(), p95: z.number().nonnegative() }),
});
export type DocQaMetrics = z.infer<typeof DocQaMetricsSchema>;

export const RouterByRouteSchema = z.record(
  z.string(),
  z.object({ n: Count, accuracy: z.number().min(0).max(1), predicted: z.record(z.string(), Count) }),
);

/** `agr eval --questions <docqa file> --json` prints this object; `--out` writes it as report.json. */
export const DocQaReportSchema = z.object({
  dataset: z.string(),
  split: z.string(),
  questions: Count,
  store: z.string(),
  embedder: z.string(),
  /** "offline", or the LLM model the steps used (AGR_LLM=openai). */
  answerer: z.string(),
  overall: DocQaMetricsSchema,
  /** The same figures per gold route. */
  by_route: z.record(z.string(), DocQaMetricsSchema),
  /** The agent's route vs the gold route, not_found items left out; null when none is left. */
  router_accuracy: Share,
  router: z.object({ n: Count, by_route: RouterByRouteSchema }).nullable(),
  notes: z.array(z.string()),
  warnings: z.array(z.string()),
});
export type DocQaReport = z.infer<typeof DocQaReportSchema>;

/** One question's outcome (questions.jsonl with --out, for error analysis). */
export const DocQaQuestionResultSchema = z.object({
  id: z.string(),
  question: z.string(),
  route_gold: z.string(),
  route_pred: z.string(),
  answerable: z.boolean(),
  answer: z.string(),
  short_answer: z.string().nullable(),
  not_found: z.boolean(),
  /** Why the agent said "not found" (null when it answered). */
  not_found_reason: z.string().nullable().optional(),
  /** Answerable: the answer judged correct; unanswerable: answered not_found. */
  correct: z.boolean(),
  /** The short answer judged correct; null for unanswerable items. */
  short_correct: z.boolean().nullable(),
  /** A citation at a gold location; null unless answerable and answered. */
  citation_hit: z.boolean().nullable(),
  gold_answers: z.array(z.string()),
  gold_locations: z.array(z.string()),
  cited: z.array(
    z.object({
      S: z.string(),
      /** The cited chunk (a PDF citation names only the chunk's first page; it may run onto the next). */
      chunk_id: z.string().optional(),
      doc: z.string(),
      page: z.number().int().optional(),
      heading_path: z.array(z.string()),
    }),
  ),
  checks: z.object({ pairs: Count, kept: Count }),
  latency_ms: z.number().nonnegative(),
});
export type DocQaQuestionResult = z.infer<typeof DocQaQuestionResultSchema>;

export interface DocQaRun {
  report: DocQaReport;
  results: DocQaQuestionResult[];
}
