import type { EvalReport } from "../../src/domain/eval-report.js";

/** A filled-in report for renderer and CLI tests. */
export const sampleReport = (over: Partial<EvalReport> = {}): EvalReport => ({
  dataset: "hotpotqa",
  split: "dev",
  questions: 4,
  embedder: "Xenova/all-MiniLM-L6-v2",
  index: { seconds: 1.5, passages: 8, peak_rss_mb: 120.3, embedded: 8, cached: false, store: "/tmp/x.db" },
  modes: {
    bm25: {
      "recall@2": 0.5,
      "recall@5": 0.75,
      "recall@10": 1,
      mrr: 0.8333,
      "ndcg@10": 0.9,
      latency_ms: { p50: 1.2, p95: 3.4 },
    },
    dense: {
      "recall@2": null,
      "recall@5": null,
      "recall@10": null,
      mrr: null,
      "ndcg@10": null,
      latency_ms: { p50: 2, p95: 5 },
    },
  },
  questions_scored: 3,
  embedder_kind: "neural",
  retrieve_k: 50,
  skipped_modes: [{ mode: "ppr", reason: "retrieval mode ppr is not available in this build" }],
  notes: ["a note"],
  warnings: ["mode ppr skipped: retrieval mode ppr is not available in this build"],
  ...over,
});
