import { z } from "zod";

// The eval report's schema lives here, below every layer, because both the eval runner (evals/)
// and the server route that lists written reports (src/http/routes/evals.ts) read it.

const Score = z.number().min(0).max(1).nullable();

/** Metrics of one retrieval mode; a score is null when no question had gold passages. */
export const ModeMetricsSchema = z.object({
  "recall@2": Score,
  "recall@5": Score,
  "recall@10": Score,
  mrr: Score,
  "ndcg@10": Score,
  latency_ms: z.object({ p50: z.number().nonnegative(), p95: z.number().nonnegative() }),
  // Answer metrics (additions). Null when they do not apply: a retrieval-only mode gives no answer.
  /** Share of questions with a gold answer whose answer string occurs in the top-5 passages' retrieved text. */
  "answer_in_context@5": Score.optional(),
  /** SQuAD-normalised exact match and token F1 of the full answer text against the gold answers (answerable questions). */
  em: Score.optional(),
  f1: Score.optional(),
  /** The same two scores of the agent's short_answer (the answer span; null scores as ""). */
  short_answer_em: Score.optional(),
  short_answer_f1: Score.optional(),
  /** The answer contains a gold answer as whole normalised tokens (answerable questions). */
  answer_contains_gold: Score.optional(),
  /** Cited (sentence, passage) pairs whose passage is a gold supporting passage (micro average). */
  citation_precision: Score.optional(),
  /**
   * Of the generator's (sentence, cited S#) pairs, the share the verifier kept (supported or
   * revised), from its checks; not a re-score of the final sentences (always 1.0).
   */
  citation_support: Score.optional(),
  /** Share of null queries (nothing to find) answered "not found". */
  not_found_accuracy: Score.optional(),
  /** Share of answerable questions wrongly answered "not found". */
  false_not_found: Score.optional(),
  /** LLM tokens per question (mean); 0 for retrieval-only modes and the offline agent. */
  tokens: z.object({ prompt: z.number().nonnegative(), completion: z.number().nonnegative() }).optional(),
});
export type ModeMetrics = z.infer<typeof ModeMetricsSchema>;

/**
 * `agr eval --json` prints this object and `--out` writes it as report.json. The fields
 * dataset, split, questions, embedder, index.{seconds, passages, peak_rss_mb} and
 * modes.<mode>.{recall@2, recall@5, recall@10, mrr, ndcg@10, latency_ms.{p50, p95}} are a
 * public contract; the others are additions.
 */
export const EvalReportSchema = z.object({
  dataset: z.string(),
  split: z.string(),
  questions: z.number().int().nonnegative(),
  embedder: z.string(),
  index: z.object({
    seconds: z.number().nonnegative(),
    passages: z.number().int().nonnegative(),
    peak_rss_mb: z.number().nonnegative(),
    /** Passage texts embedded while indexing: 0 when the index was cached or all cache hits. */
    embedded: z.number().int().nonnegative(),
    cached: z.boolean(),
    store: z.string(),
    /** Seconds per ingest stage (parse, structure, write, extraction, embedding, links, knn, finalize, total); absent when cached. */
    stages: z.record(z.string(), z.number().nonnegative()).optional(),
  }),
  modes: z.record(z.string(), ModeMetricsSchema),
  /** Questions with at least one gold passage: the ones recall, MRR and nDCG average over. */
  questions_scored: z.number().int().nonnegative(),
  embedder_kind: z.enum(["neural", "api", "fallback", "none"]),
  /** Chunks requested per question; passages are their sections, deduplicated in rank order. */
  retrieve_k: z.number().int().positive(),
  skipped_modes: z.array(z.object({ mode: z.string(), reason: z.string() })),
  notes: z.array(z.string()),
  warnings: z.array(z.string()),
  /** What answered in runs with the agent: "offline" (with reader settings that are not the default) or "openai:<model>". */
  answerer: z.string().optional(),
  /** The agent's route vs the dataset's question types (MultiHop-RAG); null when no type maps. */
  router_accuracy: z.number().min(0).max(1).nullable().optional(),
  router: z
    .object({
      n: z.number().int().nonnegative(),
      by_type: z.record(
        z.string(),
        z.object({ n: z.number().int(), accuracy: z.number(), predicted: z.record(z.string(), z.number()) }),
      ),
    })
    .optional(),
});
export type EvalReport = z.infer<typeof EvalReportSchema>;

/** The recall chart the eval runner writes beside report.json (the server links to it). */
export const CHART_FILE = "recall.svg";
