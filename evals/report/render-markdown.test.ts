import { describe, expect, it } from "vitest";
import { renderMarkdown } from "./render-markdown.js";
import { renderRecallChart } from "./render-recall-chart.js";
import { sampleReport } from "./sample-report.js";

describe("renderMarkdown", () => {
  it("has a modes × metrics table, the embedder, the scored count, skipped modes and notes", () => {
    const md = renderMarkdown(sampleReport(), "recall.svg");
    expect(md).toContain("# Retrieval eval: hotpotqa / dev");
    expect(md).toContain("| mode | recall@2 | recall@5 | recall@10 | mrr | ndcg@10 | p50 ms | p95 ms |");
    expect(md).toContain("| bm25 | 0.500 | 0.750 | 1.000 | 0.833 | 0.900 | 1.2 | 3.4 |");
    expect(md).toContain("| dense | n/a | n/a | n/a | n/a | n/a | 2.0 | 5.0 |");
    expect(md).toContain("- embedder: `Xenova/all-MiniLM-L6-v2` (neural)");
    expect(md).toContain("questions: 4 (3 with gold passages are scored; the other 1 count only in latency)");
    expect(md).toContain("- **ppr**: retrieval mode ppr is not available in this build");
    expect(md).toContain("![recall per mode](recall.svg)");
    expect(md).toContain("- a note");
    expect(md).not.toContain("FALLBACK");
  });

  it("flags a fallback embedder at the top", () => {
    const md = renderMarkdown(sampleReport({ embedder: "hash-fallback", embedder_kind: "fallback" }));
    expect(md.split("\n")[2]).toMatch(/^> \*\*⚠ FALLBACK EMBEDDER: `hash-fallback` is not a neural model/);
  });
});

describe("renderRecallChart", () => {
  it("draws three bars per mode with the recall@5 value, escaped text, and a fallback flag", () => {
    const svg = renderRecallChart(
      sampleReport({ dataset: "a<b>&c", embedder: "hash", embedder_kind: "fallback" }),
    );
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.trim().endsWith("</svg>")).toBe(true);
    expect(svg.match(/<rect x=[^>]*><title>/g)).toHaveLength(6);
    expect(svg).toContain("<title>bm25 recall@5 0.75</title>");
    expect(svg).toContain(">0.75</text>");
    expect(svg).toContain("a&#60;b&#62;&#38;c");
    expect(svg).toContain("FALLBACK EMBEDDER hash");
  });

  it("says so when no mode was evaluated", () => {
    expect(renderRecallChart(sampleReport({ modes: {} }))).toContain("no mode could be evaluated");
  });
});

describe("renderMarkdown answer metrics", () => {
  it("adds an answers table and router accuracy when the report has answer metrics", () => {
    const base = sampleReport();
    const bm25 = base.modes.bm25;
    if (!bm25) throw new Error("sample has bm25");
    const md = renderMarkdown(
      sampleReport({
        modes: {
          bm25: { ...bm25, "answer_in_context@5": 0.5, em: null, tokens: { prompt: 0, completion: 0 } },
          agent: {
            ...bm25,
            "answer_in_context@5": 0.75,
            em: 0.1,
            f1: 0.25,
            short_answer_em: 0.3,
            short_answer_f1: 0.4,
            answer_contains_gold: 0.6,
            citation_precision: 0.95,
            citation_support: 1,
            not_found_accuracy: 0.9,
            false_not_found: 0.05,
            tokens: { prompt: 120, completion: 30 },
          },
        },
        router_accuracy: 0.9,
        router: { n: 10, by_type: {} },
      }),
    );
    expect(md).toContain("## Answers");
    expect(md).toContain("| bm25 | 0.500 | n/a | n/a | n/a | n/a | n/a | n/a | n/a | n/a | n/a | 0+0 |");
    expect(md).toContain(
      "| agent | 0.750 | 0.100 | 0.250 | 0.300 | 0.400 | 0.600 | 0.950 | 1.000 | 0.900 | 0.050 | 120+30 |",
    );
    expect(md).toContain("Router accuracy vs the dataset's question types: 0.900 (10 typed questions).");
  });

  it("has no answers table for a retrieval-only report", () => {
    expect(renderMarkdown(sampleReport())).not.toContain("## Answers");
  });
});
