/** The scale benchmark's report: figures per backend and store size, as Markdown and as an SVG chart. */
import {
  BACKENDS,
  MODES,
  type ScaleBackend,
  type ScaleMode,
  type ScaleReport,
  type ScaleRow,
  sizeLabel,
} from "./scale-rows.js";
import { writeMs } from "./write-copies.js";

const COLORS: Record<ScaleMode, string> = {
  bm25: "#e6550d",
  dense: "#31a354",
  hybrid: "#3182bd",
  ppr: "#756bb1",
};
/** Neo4j rows drawn fainter, with square markers, beside the embedded ones. */
const STYLE: Record<ScaleBackend, { opacity: number; square: boolean }> = {
  embedded: { opacity: 1, square: false },
  neo4j: { opacity: 0.6, square: true },
};
const f = (ms: number) => ms.toFixed(ms < 10 ? 1 : 0);
const gb = (bytes: number) => (bytes > 0 ? `${(bytes / 2 ** 30).toFixed(2)} GB` : "?");
const backendsOf = (report: ScaleReport) => BACKENDS.filter((b) => report.rows.some((r) => r.backend === b));
const title = (report: ScaleReport) =>
  backendsOf(report)
    .map((b) => (b === "embedded" ? "embedded store" : "Neo4j"))
    .join(" and ");
/** Node process peak RSS, and the Neo4j JVM's while querying (peak while writing). */
const rss = (r: ScaleRow) =>
  r.jvm
    ? `${gb(r.query.rss_peak_bytes)} + JVM ${gb(r.jvm.query_peak_bytes)} (${gb(r.jvm.build_peak_bytes)} writing; heap ${r.jvm.heap})`
    : gb(r.query.rss_peak_bytes);

export function renderScaleMarkdown(report: ScaleReport, chartFile?: string): string {
  const head = [
    "backend",
    "chunks",
    ...MODES.map((m) => `${m} P50/P95 ms`),
    "first query s",
    "peak RSS",
    "on disk",
  ];
  const lines = [
    `# Scale benchmark (${title(report)})`,
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
        r.backend,
        sizeLabel(r.size),
        ...MODES.map((m) => `${f(r.query.modes[m].p50)} / ${f(r.query.modes[m].p95)}`),
        (r.query.first_query_ms / 1000).toFixed(1),
        rss(r),
        gb(r.build.disk_bytes),
      ].join(" | ")} |`,
    );
  }
  const ingest = [
    "backend",
    "chunks",
    "nodes",
    "edges",
    "vectors",
    "write s",
    "chunks/s",
    "index s (HNSW build; Neo4j await)",
    "load (build; queries)",
  ];
  lines.push("", `| ${ingest.join(" | ")} |`, `|${ingest.map(() => "---").join("|")}|`);
  for (const r of report.rows) {
    const w = writeMs(r.build);
    lines.push(
      `| ${[
        r.backend,
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

/**
 * Latency (log scale) against store size (log scale): P50 solid, P95 dashed, one colour per mode;
 * Neo4j rows fainter with square markers.
 */
export function renderScaleChart(report: ScaleReport): string {
  const left = 56;
  const top = 40;
  const w = 420;
  const h = 240;
  const width = left + w + 130;
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
  const marker = (cx: number, cy: number, color: string, square: boolean, opacity: number, tip: string) =>
    square
      ? `<rect x="${(cx - 3).toFixed(1)}" y="${(cy - 3).toFixed(1)}" width="6" height="6" fill="${color}" fill-opacity="${opacity}"><title>${tip}</title></rect>`
      : `<circle cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" r="3" fill="${color}"><title>${tip}</title></circle>`;
  const out = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="11">`,
    `<rect width="${width}" height="${height}" fill="#fff"/>`,
    `<text x="${left}" y="18" font-size="13" font-weight="bold">Query latency against store size (${title(report)})</text>`,
    `<text x="${left}" y="32" fill="#555">P50 solid, P95 dashed; ms, log scales</text>`,
  ];
  for (let p = Math.ceil(lo); p <= Math.floor(hi); p++) {
    const v = 10 ** p;
    out.push(
      `<line x1="${left}" x2="${left + w}" y1="${y(v).toFixed(1)}" y2="${y(v).toFixed(1)}" stroke="#ddd"/>`,
      `<text x="${left - 6}" y="${(y(v) + 4).toFixed(1)}" text-anchor="end">${v >= 1 ? v : v.toFixed(1)}</text>`,
    );
  }
  for (const n of new Set(sizes))
    out.push(
      `<text x="${x(n).toFixed(1)}" y="${top + h + 16}" text-anchor="middle">${sizeLabel(n)} chunks</text>`,
    );
  const backends = backendsOf(report);
  for (const b of backends) {
    const rows = report.rows.filter((r) => r.backend === b).sort((p, q) => p.size - q.size);
    const { opacity, square } = STYLE[b];
    for (const m of MODES)
      for (const [key, dash] of [
        ["p50", ""],
        ["p95", ' stroke-dasharray="5 3"'],
      ] as const) {
        const pts = rows.map((r) => `${x(r.size).toFixed(1)},${y(r.query.modes[m][key]).toFixed(1)}`);
        out.push(
          `<polyline points="${pts.join(" ")}" fill="none" stroke="${COLORS[m]}" stroke-width="2" stroke-opacity="${opacity}"${dash}/>`,
        );
        for (const r of rows) {
          const tip = `${b} ${m} ${key} ${f(r.query.modes[m][key])} ms at ${sizeLabel(r.size)}`;
          out.push(marker(x(r.size), y(r.query.modes[m][key]), COLORS[m], square, opacity, tip));
        }
      }
  }
  MODES.forEach((m, i) => {
    out.push(
      `<rect x="${left + w + 16}" y="${top + i * 18}" width="10" height="10" fill="${COLORS[m]}"/>`,
      `<text x="${left + w + 30}" y="${top + i * 18 + 9}">${m}</text>`,
    );
  });
  backends.forEach((b, i) => {
    const cy = top + (MODES.length + 1 + i) * 18 + 5;
    out.push(
      marker(left + w + 21, cy, "#555", STYLE[b].square, STYLE[b].opacity, b),
      `<text x="${left + w + 30}" y="${cy + 4}">${b}</text>`,
    );
  });
  out.push("</svg>", "");
  return out.join("\n");
}
