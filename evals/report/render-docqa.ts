import { DOCQA_ROUTES } from "../datasets/docqa-records.js";
import type { DocQaMetrics, DocQaReport } from "./docqa-report.js";

export const DOCQA_HEADERS = [
  "group",
  "n",
  "answer",
  "short",
  "cite hit",
  "not-found",
  "false refusal",
  "cite support",
  "p50 ms",
  "p95 ms",
];

const fmt = (x: number | null): string => (x === null ? "n/a" : x.toFixed(3));

function row(name: string, m: DocQaMetrics): string[] {
  return [
    name,
    String(m.questions),
    fmt(m.answer_accuracy),
    fmt(m.short_answer_accuracy),
    fmt(m.citation_location_hit),
    fmt(m.not_found_accuracy),
    fmt(m.false_refusals),
    fmt(m.citation_support),
    m.latency_ms.p50.toFixed(0),
    m.latency_ms.p95.toFixed(0),
  ];
}

/** Overall, then each gold route present, in the dataset's route order. */
export function docQaRows(report: DocQaReport): string[][] {
  const routes = DOCQA_ROUTES.filter((r) => report.by_route[r] !== undefined);
  return [
    row("all", report.overall),
    ...routes.flatMap((r) => {
      const m = report.by_route[r];
      return m ? [row(r, m)] : [];
    }),
  ];
}

/** One line under the table: the router and the short-answer coverage. */
export function docQaSummary(report: DocQaReport): string {
  const o = report.overall;
  const router = report.router ? ` (${report.router.n} answerable items)` : "";
  return (
    `router accuracy ${fmt(report.router_accuracy)}${router}; short_answer given on ${o.short_answers}/${o.answerable} answerable items; ` +
    `${o.answered} answered; ${o.citation_pairs} cited pairs judged by the verifier`
  );
}

/** report.md: what was run, the metrics table, the router's confusion, notes and warnings. */
export function renderDocQaMarkdown(report: DocQaReport): string {
  const lines = [
    `# Document QA eval: ${report.dataset} / ${report.split}`,
    "",
    `- questions: ${report.questions}; store: \`${report.store}\`; embedder: \`${report.embedder}\`; answerer: ${report.answerer}`,
    `- ${docQaSummary(report)}`,
    "",
    `| ${DOCQA_HEADERS.join(" | ")} |`,
    `| --- | ${DOCQA_HEADERS.slice(1)
      .map(() => "---:")
      .join(" | ")} |`,
    ...docQaRows(report).map((r) => `| ${r.join(" | ")} |`),
    "",
  ];
  if (report.router) {
    lines.push("## Router (gold route → predicted)", "");
    for (const [gold, r] of Object.entries(report.router.by_route)) {
      const predicted = Object.entries(r.predicted)
        .sort((a, b) => b[1] - a[1])
        .map(([p, n]) => `${p} ${n}`)
        .join(", ");
      lines.push(`- ${gold} (${r.n}): accuracy ${fmt(r.accuracy)}; predicted ${predicted}`);
    }
    lines.push("");
  }
  if (report.warnings.length > 0) lines.push("## Warnings", "", ...report.warnings.map((w) => `- ${w}`), "");
  lines.push("## How to read it", "", ...report.notes.map((n) => `- ${n}`), "");
  return lines.join("\n");
}
