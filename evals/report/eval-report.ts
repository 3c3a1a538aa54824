import { z } from "zod";

const Score = z.number().min(0).max(1).nullable();

/** Metrics of one retrieval mode; a score is null when no question had gold passages. */
export const ModeMetricsSchema = z.object({
  "recall@2": Score,
  "recall@5": Score,
  "recall@10": Score,
  mrr: Score,
  "ndcg@10": Score,
  latency_ms: z.object({ p50: z.number().nonnegative(), p95: z.number().nonnegative() }),
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
});
export type EvalReport = z.infer<typeof EvalReportSchema>;

/** One question's outcome in one mode (written as questions.jsonl with --out, for error analysis). */
export interface QuestionResult {
  mode: string;
  id: string;
  gold: string[];
  /** Top passages, at most 10. */
  ranked: string[];
  "recall@5": number | null;
  /** 1-based rank of the first gold passage, null when none was retrieved. */
  first_gold_rank: number | null;
  latency_ms: number;
}

export interface EvalRun {
  report: EvalReport;
  results: QuestionResult[];
}
