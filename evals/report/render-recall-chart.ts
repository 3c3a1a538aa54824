import type { EvalReport } from "../../src/domain/eval-report.js";

const SERIES = [
  { key: "recall@2", color: "#9ecae1" },
  { key: "recall@5", color: "#3182bd" },
  { key: "recall@10", color: "#08519c" },
] as const;

/**
 * A grouped bar chart as SVG text (no browser or canvas needed): one group per mode with its
 * Recall@2/5/10 bars, Recall@5 labelled. Scores are 0–1 on a fixed axis so charts compare.
 */
export function renderRecallChart(report: EvalReport): string {
  const modes = Object.entries(report.modes);
  const bar = 22;
  const gap = 26;
  const groupWidth = SERIES.length * bar + gap;
  const left = 48;
  const top = 44;
  const plotHeight = 220;
  const width = Math.max(360, left + modes.length * groupWidth + 24);
  const height = top + plotHeight + 64;
  const y = (v: number) => top + plotHeight * (1 - v);
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="11">`,
    `<rect width="${width}" height="${height}" fill="#fff"/>`,
    `<text x="${left}" y="18" font-size="13" font-weight="bold">${escapeXml(`Passage recall: ${report.dataset} / ${report.split} (${report.questions_scored} questions)`)}</text>`,
    `<text x="${left}" y="34" fill="${report.embedder_kind === "fallback" ? "#c00" : "#555"}">${escapeXml(
      report.embedder_kind === "fallback"
        ? `FALLBACK EMBEDDER ${report.embedder}: dense figures not representative`
        : `embedder: ${report.embedder}`,
    )}</text>`,
  ];
  for (const tick of [0, 0.25, 0.5, 0.75, 1]) {
    out.push(
      `<line x1="${left}" x2="${width - 12}" y1="${y(tick)}" y2="${y(tick)}" stroke="#ddd"/>`,
      `<text x="${left - 6}" y="${y(tick) + 4}" text-anchor="end">${tick.toFixed(2)}</text>`,
    );
  }
  modes.forEach(([mode, m], i) => {
    const x0 = left + gap / 2 + i * groupWidth;
    SERIES.forEach((s, j) => {
      const v = m[s.key] ?? 0;
      const x = x0 + j * bar;
      out.push(
        `<rect x="${x}" y="${y(v).toFixed(1)}" width="${bar - 2}" height="${(plotHeight * v).toFixed(1)}" fill="${s.color}"><title>${escapeXml(`${mode} ${s.key} ${formatScore(m[s.key])}`)}</title></rect>`,
      );
      if (s.key === "recall@5")
        out.push(
          `<text x="${x + (bar - 2) / 2}" y="${(y(v) - 4).toFixed(1)}" text-anchor="middle">${formatScore(m[s.key])}</text>`,
        );
    });
    out.push(
      `<text x="${x0 + (SERIES.length * bar) / 2}" y="${top + plotHeight + 16}" text-anchor="middle">${escapeXml(mode)}</text>`,
    );
  });
  SERIES.forEach((s, j) => {
    const x = left + j * 90;
    const ly = top + plotHeight + 38;
    out.push(
      `<rect x="${x}" y="${ly - 9}" width="10" height="10" fill="${s.color}"/>`,
      `<text x="${x + 14}" y="${ly}">${s.key}</text>`,
    );
  });
  if (modes.length === 0)
    out.push(`<text x="${left}" y="${top + plotHeight / 2}">no mode could be evaluated</text>`);
  out.push("</svg>", "");
  return out.join("\n");
}

const formatScore = (x: number | null): string => (x === null ? "n/a" : x.toFixed(2));

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
