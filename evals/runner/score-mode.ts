import type { ModeMetrics } from "../../src/domain/eval-report.js";
import type { QuestionRecord } from "../datasets/qa-records.js";
import { percentile } from "../metrics/percentile.js";
import { meanOfScored, ndcgAtK, recallAtK, reciprocalRank } from "../metrics/ranking-metrics.js";
import type { QuestionResult } from "../report/eval-run.js";

export interface QuestionRun {
  question: QuestionRecord;
  /** Passage ids, best first, without duplicates. */
  ranking: readonly string[];
  latencyMs: number;
}

/**
 * Averages the per-question metrics of one mode. Questions without gold passages are left out
 * of the score averages (they have nothing to find) but their latency counts.
 */
export function scoreMode(
  mode: string,
  runs: readonly QuestionRun[],
): { metrics: ModeMetrics; results: QuestionResult[] } {
  const at = (k: number) => meanOfScored(runs.map((r) => recallAtK(r.ranking, r.question.supporting_ids, k)));
  const latencies = runs.map((r) => r.latencyMs);
  const metrics: ModeMetrics = {
    "recall@2": round4(at(2)),
    "recall@5": round4(at(5)),
    "recall@10": round4(at(10)),
    mrr: round4(meanOfScored(runs.map((r) => reciprocalRank(r.ranking, r.question.supporting_ids)))),
    "ndcg@10": round4(meanOfScored(runs.map((r) => ndcgAtK(r.ranking, r.question.supporting_ids, 10)))),
    latency_ms: {
      p50: latencies.length > 0 ? round2(percentile(latencies, 50)) : 0,
      p95: latencies.length > 0 ? round2(percentile(latencies, 95)) : 0,
    },
  };
  const results = runs.map((r): QuestionResult => {
    const gold = new Set(r.question.supporting_ids);
    const first = r.ranking.findIndex((id) => gold.has(id));
    return {
      mode,
      id: r.question.id,
      gold: [...gold],
      ranked: r.ranking.slice(0, 10),
      "recall@5": recallAtK(r.ranking, gold, 5),
      first_gold_rank: first < 0 ? null : first + 1,
      latency_ms: round2(r.latencyMs),
    };
  });
  return { metrics, results };
}

const round4 = (x: number | null): number | null => (x === null ? null : Number(x.toFixed(4)));
const round2 = (x: number): number => Number(x.toFixed(2));
