import { describe, expect, it } from "vitest";
import { renderScaleChart, renderScaleMarkdown } from "./scale-report.js";
import { type ScaleReport, ScaleReportSchema, ScaleRowSchema } from "./scale-rows.js";

const latency = (p50: number) => ({ n: 5, p50, p95: p50 * 2, first: p50 });
const row = (size: number, p50: number) => ({
  size,
  build: {
    chunks: size,
    nodes: 2 * size,
    edges: 15 * size,
    vectors: 2 * size,
    write_ms: { nodes: 1000, edges: 2000, vectors: 1000 },
    ann_ms: 500,
    disk_bytes: 2 ** 30,
  },
  query: {
    open_ms: 10,
    first_query_ms: 1500,
    modes: { bm25: latency(p50), dense: latency(2), hybrid: latency(p50 + 1), ppr: latency(p50 * 4) },
    rss_peak_bytes: 2 * 2 ** 30,
    rss_bytes: 2 ** 30,
  },
  load: { build: "1.00 1.00 1.00", query: "1.00 1.00 1.00" },
});

/** A report as written before the Neo4j backend (no backend field), with one Neo4j row added. */
function mixed(): ScaleReport {
  const old = { created: "t", machine: "m", base: "b", notes: [], rows: [row(100_000, 10)] };
  const report = ScaleReportSchema.parse(old);
  const jvm = {
    heap: "4g",
    build_peak_bytes: 3 * 2 ** 30,
    query_peak_bytes: 5 * 2 ** 30,
    query_bytes: 2 ** 30,
  };
  report.rows.push({
    ...ScaleRowSchema.parse(row(100_000, 40)),
    backend: "neo4j",
    jvm,
  });
  return report;
}

describe("scale report", () => {
  it("reads a report without backends as embedded rows", () => {
    expect(mixed().rows.map((r) => r.backend)).toEqual(["embedded", "neo4j"]);
  });

  it("labels each row with its backend and gives the Neo4j JVM's memory", () => {
    const md = renderScaleMarkdown(mixed());
    expect(md).toContain("# Scale benchmark (embedded store and Neo4j)");
    const neo = md.split("\n").filter((l) => l.startsWith("| neo4j | 100k |"));
    expect(neo).toHaveLength(2);
    expect(neo[0]).toContain("40 / 80");
    expect(neo[0]).toContain("2.00 GB + JVM 5.00 GB (3.00 GB writing; heap 4g)");
    expect(md.split("\n").find((l) => l.startsWith("| embedded | 100k |"))).not.toContain("JVM");
    // 2,000 chunks/s: 100k chunks in 4 s of writes.
    expect(neo[1]).toContain("| 4 | 25000 |");
  });

  it("draws Neo4j's points as faint squares beside the embedded circles, with a legend per backend", () => {
    const svg = renderScaleChart(mixed());
    expect(svg).toContain("(embedded store and Neo4j)");
    expect(svg).toMatch(/<rect [^>]*fill-opacity="0.6"><title>neo4j ppr p50 160 ms at 100k<\/title>/);
    expect(svg).toMatch(/<circle [^>]*><title>embedded ppr p50 40 ms at 100k<\/title>/);
    expect(svg).toContain(">neo4j</text>");
    expect(renderScaleChart({ ...mixed(), rows: mixed().rows.slice(0, 1) })).not.toContain(">neo4j</text>");
  });
});
