import type { EvalReport } from "../../src/domain/eval-report.js";

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
  /** Agent mode only. */
  answer?: string;
  short_answer?: string | null;
  not_found?: boolean;
  /** Why the agent said "not found" (null when it answered). */
  not_found_reason?: string | null;
  route?: string;
  f1?: number | null;
  short_answer_f1?: number | null;
  answer_contains_gold?: number | null;
  /** Answer string found in the top-5 passages' retrieved text. */
  answer_in_context?: number | null;
}

export interface EvalRun {
  report: EvalReport;
  results: QuestionResult[];
}
