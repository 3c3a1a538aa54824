import type { TokenUsage } from "../../llm/token-usage.js";

/** What the skeleton step did; part of `agr ingest --json` (field names are a public contract). */
export interface SkeletonReport {
  /** Share of chunks selected for full extraction, and neighbours per chunk in the kNN graph. */
  beta: number;
  k: number;
  chunks: number;
  similar_to: number;
  skeleton_chunks: number;
  /** The chat model doing full extraction; null = none configured (rule-based links only). */
  llm: string | null;
  /** Skeleton chunks extracted in this run, in earlier runs, and failed in this run. */
  extracted: number;
  already_extracted: number;
  failed: number;
  relations: number;
  entities: number;
  /** Tokens this run's LLM calls used (from the responses' usage metadata). */
  tokens_used: TokenUsage & { total: number };
  /** Measured average over every extracted chunk, this run's and earlier ones. */
  tokens_per_chunk: number;
  /** Estimate: the chunks left to keyword links would have cost this many more tokens at that average. */
  tokens_saved: number;
  /** Wall time per LLM call in this run. */
  ms_per_chunk: number;
  /** Set when an LLM error (HTTP, quota, timeout) stopped the step; rerun to continue. */
  error?: string;
}

export function emptySkeletonReport(beta: number, k: number, llm: string | null): SkeletonReport {
  return {
    beta,
    k,
    chunks: 0,
    similar_to: 0,
    skeleton_chunks: 0,
    llm,
    extracted: 0,
    already_extracted: 0,
    failed: 0,
    relations: 0,
    entities: 0,
    tokens_used: { input: 0, output: 0, total: 0 },
    tokens_per_chunk: 0,
    tokens_saved: 0,
    ms_per_chunk: 0,
  };
}

/** One line for `agr ingest` (and stats-style printing). */
export function formatSkeleton(r: SkeletonReport): string {
  const base = `skeleton: ${r.skeleton_chunks} of ${r.chunks} chunks (β=${r.beta}), ${r.similar_to} SIMILAR_TO edges (k=${r.k})`;
  if (!r.llm) return `${base}; no LLM configured (AGR_LLM=none): keyword links only`;
  return (
    `${base}; ${r.llm}: extracted ${r.extracted} (${r.already_extracted} earlier), failed ${r.failed}, ` +
    `${r.relations} relations, ${r.entities} entities; tokens used ${r.tokens_used.total}, ` +
    `~${r.tokens_per_chunk}/chunk, saved ~${r.tokens_saved}` +
    (r.error ? `; STOPPED: ${r.error} (rerun to continue)` : "")
  );
}
