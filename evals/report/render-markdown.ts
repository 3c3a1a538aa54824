import type { EvalReport } from "../../src/domain/eval-report.js";

const METRICS = ["recall@2", "recall@5", "recall@10", "mrr", "ndcg@10"] as const;

/** report.md: what was run, a modes × metrics table, skipped modes, and how to read the figures. */
export function renderMarkdown(report: EvalReport, chartFile?: string): string {
  const lines: string[] = [`# Retrieval eval: ${report.dataset} / ${report.split}`, ""];
  if (report.embedder_kind === "fallback")
    lines.push(
      `> **⚠ FALLBACK EMBEDDER: \`${report.embedder}\` is not a neural model.** Dense, hybrid, graph and ppr figures below are not representative.`,
      "",
    );
  const scoredNote =
    report.questions_scored === report.questions
      ? ""
      : ` (${report.questions_scored} with gold passages are scored; the other ${report.questions - report.questions_scored} count only in latency)`;
  lines.push(
    `- questions: ${report.questions}${scoredNote}`,
    `- embedder: \`${report.embedder}\` (${report.embedder_kind})`,
    ...(report.answerer ? [`- answerer: ${report.answerer}`] : []),
    `- index: ${report.index.passages} passages, ${report.index.seconds} s${report.index.cached ? " (cached store reused)" : ""}, ${report.index.embedded} texts embedded, peak RSS ${report.index.peak_rss_mb} MB`,
    `- retrieval: top ${report.retrieve_k} chunks per question, mapped to their passages (deduplicated in rank order)`,
    "",
  );
  const modes = Object.entries(report.modes);
  if (modes.length === 0) lines.push("No mode could be evaluated.", "");
  else {
    lines.push(
      `| mode | ${METRICS.join(" | ")} | p50 ms | p95 ms |`,
      `| --- | ${METRICS.map(() => "---:").join(" | ")} | ---: | ---: |`,
    );
    for (const [mode, m] of modes)
      lines.push(
        `| ${mode} | ${METRICS.map((k) => formatScore(m[k])).join(" | ")} | ${m.latency_ms.p50.toFixed(1)} | ${m.latency_ms.p95.toFixed(1)} |`,
      );
    lines.push("");
  }
  if (chartFile) lines.push(`![recall per mode](${chartFile})`, "");
  lines.push(...answerTable(report));
  if (report.skipped_modes.length > 0) {
    lines.push("## Skipped modes", "");
    for (const s of report.skipped_modes) lines.push(`- **${s.mode}**: ${s.reason}`);
    lines.push("");
  }
  if (report.warnings.length > 0) {
    lines.push("## Warnings", "");
    for (const w of report.warnings) lines.push(`- ${w}`);
    lines.push("");
  }
  lines.push(
    "## How to read it",
    "",
    "- Recall@k: share of a question's gold passages in the top k passages, averaged over scored questions.",
    "- MRR: 1 / rank of the first gold passage (0 when none is retrieved); nDCG@10 with binary relevance.",
    "- Latency: time of one `retrieve` call per question (passage mapping excluded).",
    ...report.notes.map((n) => `- ${n}`),
    "",
  );
  return lines.join("\n");
}

const ANSWER_METRICS = [
  "answer_in_context@5",
  "em",
  "f1",
  "short_answer_em",
  "short_answer_f1",
  "answer_contains_gold",
  "citation_precision",
  "citation_support",
  "not_found_accuracy",
  "false_not_found",
] as const;

/** The answer metrics table, when the report has them (runs with answer scoring), and router accuracy. */
function answerTable(report: EvalReport): string[] {
  const modes = Object.entries(report.modes).filter(([, m]) => m["answer_in_context@5"] !== undefined);
  if (modes.length === 0) return [];
  const lines = [
    "## Answers",
    "",
    `| mode | ${ANSWER_METRICS.join(" | ")} | tokens/q (prompt+completion) |`,
    `| --- | ${ANSWER_METRICS.map(() => "---:").join(" | ")} | ---: |`,
    ...modes.map(
      ([mode, m]) =>
        `| ${mode} | ${ANSWER_METRICS.map((k) => formatScore(m[k] ?? null)).join(" | ")} | ${m.tokens ? `${m.tokens.prompt}+${m.tokens.completion}` : "n/a"} |`,
    ),
    "",
  ];
  if (report.router_accuracy !== undefined)
    lines.push(
      `Router accuracy vs the dataset's question types: ${formatScore(report.router_accuracy)}${report.router ? ` (${report.router.n} typed questions)` : ""}.`,
      "",
    );
  lines.push(
    "- answer_in_context@5: a gold answer occurs in the retrieved text of the top 5 passages; EM/F1/contains-gold score the agent's full answer, short_answer_em/f1 its short_answer span (SQuAD normalisation, citation markers removed; a null span scores as empty).",
    "- citation_precision: cited passages that are gold supporting passages; citation_support: the generator's cited pairs the verifier kept (its checks).",
    '- not_found_accuracy: null queries answered "not found"; false_not_found: answerable questions answered "not found".',
    "",
  );
  return lines;
}

const formatScore = (x: number | null): string => (x === null ? "n/a" : x.toFixed(3));
