/** The scale benchmark's report: figures per store size, as Markdown and as an SVG chart. */
import type { BuildStats } from "./build-store.js";

export const MODES = ["bm25", "dense", "hybrid", "ppr"] as const;
export type ScaleMode = (typeof MODES)[number];

export interface QueryStats {
  open_ms: number;
  /** Open + the first ppr question (BM25, both HNSW indexes and the graph walk all load). */
  first_query_ms: number;
  modes: Record<ScaleMode, { n: number; p50: number; p95: number; first: number }>;
  rss_peak_bytes: number;
  rss_bytes: number;
}

export interface ScaleRow {
  size: number;
  build: BuildStats;
  query: QueryStats;
  /** `uptime` load averages (1, 5, 15 min) when the build and the queries ended. */
  load: { build: string; query: string };
}

export interface ScaleReport {
  created: string;
  machine: string;
  base: string;
  notes: string[];
  rows: ScaleRow[];
}

const COLORS: Record<ScaleMode, string> = {
  bm25: "#e6550d",
  dense: "#31a354",
  hybrid: "#3182bd",
  ppr: "#756bb1",
};
const f = (ms: number) => ms.toFixed(ms < 10 ? 1 : 0);
const gb = (bytes: number) => `${(bytes / 2 ** 30).toFixed(2)} GB`;
export const sizeLabel = (n: number) => (n >= 1e6 ? `${n / 1e6}M` : n >= 1e3 ? `${n / 1e3}k` : String(n));

export function renderScaleMarkdown(report: ScaleReport, chartFile?: string): string {
  const head = ["chunks", ...MODES.map((m) => `${m} P50/P95 ms`), "first query s", "peak RSS", "on disk"];
  const lines = [
    `# Scale benchmark (embedded store)`,
    "",
    `${report.created} — ${report.machine}`,
    "",
    `Base: ${report.base}`,
    "",
    ...report.notes.map((n) => `- ${n}`),
    "",
    `| ${head.join(" | ")} |`,
    `|${head.map(() => "---").join("|")}|`,
  ];
  for (const r of report.rows) {
    lines.push(
      `| ${[
        sizeLabel(r.size),
        ...MODES.map((m) => `${f(r.query.modes[m].p50)} / ${f(r.query.modes[m].p95)}`),
        (r.query.first_query_ms / 1000).toFixed(1),
        gb(r.query.rss_peak_bytes),
        gb(r.build.disk_bytes),
      ].join(" | ")} |`,
    );
  }
  const ingest = [
    "chunks",
    "nodes",
    "edges",
    "vectors",
    "write s",
    "chunks/s",
    "HNSW build s",
    "load (build; queries)",
  ];
  lines.push("", `| ${ingest.join(" | ")} |`, `|${ingest.map(() => "---").join("|")}|`);
  for (const r of report.rows) {
    const w = r.build.write_ms.nodes + r.build.write_ms.edges + r.build.write_ms.vectors;
    lines.push(
      `| ${[
        sizeLabel(r.size),
        r.build.nodes,
        r.build.edges,
        r.build.vectors,
        (w / 1000).toFixed(0),
        (r.build.chunks / (w / 1000)).toFixed(0),
        (r.build.ann_ms / 1000).toFixed(0),
        `${r.load.build}; ${r.load.query}`,
      ].join(" | ")} |`,
    );
  }
  if (chartFile) lines.push("", `![P50/P95 latency against store size](${chartFile})`);
  return `${lines.join("\n")}\n`;
}

/** Latency (log scale) against store size (log scale): P50 solid, P95 dashed, one colour per mode. */
export function renderScaleChart(report: ScaleReport): string {
  const left = 56;
  const top = 40;
  const w = 420;
  const h = 240;
  const width = left + w + 110;
  const height = top + h + 48;
  const sizes = report.rows.map((r) => r.size);
  const values = report.rows.flatMap((r) =>
    MODES.flatMap((m) => [r.query.modes[m].p50, r.query.modes[m].p95]),
  );
  const lo = Math.log10(Math.max(0.1, Math.min(...values, 1)));
  const hi = Math.log10(Math.max(...values, 10)) + 0.1;
  const sLo = Math.log10(Math.min(...sizes)) - 0.1;
  const sHi = Math.log10(Math.max(...sizes)) + 0.1;
  const x = (n: number) => left + (w * (Math.log10(n) - sLo)) / (sHi - sLo || 1);
  const y = (ms: number) => top + h * (1 - (Math.log10(Math.max(ms, 0.1)) - lo) / (hi - lo || 1));
  const out = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="11">`,
    `<rect width="${width}" height="${height}" fill="#fff"/>`,
    `<text x="${left}" y="18" font-size="13" font-weight="bold">Query latency against store size (embedded store)</text>`,
    `<text x="${left}" y="32" fill="#555">P50 solid, P95 dashed; ms, log scales</text>`,
  ];
  for (let p = Math.ceil(lo); p <= Math.floor(hi); p++) {
    const v = 10 ** p;
    out.push(
      `<line x1="${left}" x2="${left + w}" y1="${y(v).toFixed(1)}" y2="${y(v).toFixed(1)}" stroke="#ddd"/>`,
      `<text x="${left - 6}" y="${(y(v) + 4).toFixed(1)}" text-anchor="end">${v >= 1 ? v : v.toFixed(1)}</text>`,
    );
  }
  for (const n of sizes)
    out.push(
      `<text x="${x(n).toFixed(1)}" y="${top + h + 16}" text-anchor="middle">${sizeLabel(n)} chunks</text>`,
    );
  MODES.forEach((m, i) => {
    for (const [key, dash] of [
      ["p50", ""],
      ["p95", ' stroke-dasharray="5 3"'],
    ] as const) {
      const pts = report.rows.map((r) => `${x(r.size).toFixed(1)},${y(r.query.modes[m][key]).toFixed(1)}`);
      out.push(
        `<polyline points="${pts.join(" ")}" fill="none" stroke="${COLORS[m]}" stroke-width="2"${dash}/>`,
      );
      for (const r of report.rows)
        out.push(
          `<circle cx="${x(r.size).toFixed(1)}" cy="${y(r.query.modes[m][key]).toFixed(1)}" r="3" fill="${COLORS[m]}"><title>${m} ${key} ${f(r.query.modes[m][key])} ms at ${sizeLabel(r.size)}</title></circle>`,
        );
    }
    out.push(
      `<rect x="${left + w + 16}" y="${top + i * 18}" width="10" height="10" fill="${COLORS[m]}"/>`,
      `<text x="${left + w + 30}" y="${top + i * 18 + 9}">${m}</text>`,
    );
  });
  out.push("</svg>", "");
  return out.join("\n");
}
