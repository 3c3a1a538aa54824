import { formatTable, warn } from "../../src/cli/output.js";
import type { EvalReport } from "../../src/domain/eval-report.js";

/** `agr eval --data` for people: header line, modes × ranking metrics, then the agent's answer figures. */
export function printEvalReport(report: EvalReport, out: string | undefined): void {
  for (const w of report.warnings) warn(w);
  const fmt = (x: number | null) => (x === null ? "n/a" : x.toFixed(3));
  const rows = Object.entries(report.modes).map(([mode, m]) => [
    mode,
    fmt(m["recall@2"]),
    fmt(m["recall@5"]),
    fmt(m["recall@10"]),
    fmt(m.mrr),
    fmt(m["ndcg@10"]),
    m.latency_ms.p50.toFixed(1),
    m.latency_ms.p95.toFixed(1),
  ]);
  const i = report.index;
  const lines = [
    `${report.dataset}/${report.split}: ${report.questions} questions (${report.questions_scored} scored); embedder ${report.embedder}; ` +
      (report.answerer ? `answerer ${report.answerer}; ` : "") +
      `index ${i.passages} passages, ${i.seconds} s${i.cached ? " (cached)" : ""}, peak RSS ${i.peak_rss_mb} MB`,
    // Seconds per indexing stage, when this run indexed (a cached corpus has none).
    ...(i.stages && !i.cached
      ? [
          `index stages (s): ${Object.entries(i.stages)
            .map(([k, v]) => `${k} ${v.toFixed(1)}`)
            .join(", ")}`,
        ]
      : []),
    formatTable(["mode", "R@2", "R@5", "R@10", "MRR", "nDCG@10", "p50 ms", "p95 ms"], rows),
    ...Object.entries(report.modes).flatMap(([mode, m]) =>
      m.em === undefined || m.em === null
        ? []
        : [
            `${mode} answers: EM ${fmt(m.em)}, F1 ${fmt(m.f1 ?? null)} (full answer); short answer EM ${fmt(m.short_answer_em ?? null)}, F1 ${fmt(m.short_answer_f1 ?? null)}; contains gold ${fmt(m.answer_contains_gold ?? null)}, ` +
              `citation precision ${fmt(m.citation_precision ?? null)}, citation support ${fmt(m.citation_support ?? null)}, not-found on null queries ${fmt(m.not_found_accuracy ?? null)}, ` +
              `tokens/q ${m.tokens ? m.tokens.prompt + m.tokens.completion : 0}`,
          ],
    ),
    ...(report.router_accuracy !== undefined ? [`router accuracy: ${fmt(report.router_accuracy)}`] : []),
    ...(out ? [`report written to ${out}`] : []),
  ];
  process.stdout.write(`${lines.join("\n")}\n`);
}
