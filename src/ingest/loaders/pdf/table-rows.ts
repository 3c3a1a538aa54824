import { type Cell, lineCells } from "./tables.js";
import type { Line } from "./types.js";

/** Column x-ranges: the union of the cells of the fullest rows. */
function columnRanges(rowCells: readonly Cell[][]): Array<[number, number]> {
  const counts = rowCells.map((c) => c.length).sort((a, b) => a - b);
  const full = counts[Math.floor(counts.length * 0.75)] ?? 1;
  const spans = rowCells
    .filter((c) => c.length >= full)
    .flat()
    .map((c): [number, number] => [c.x0, c.x1])
    .sort((a, b) => a[0] - b[0]);
  const ranges: Array<[number, number]> = [];
  for (const [x0, x1] of spans) {
    const last = ranges[ranges.length - 1];
    if (last && x0 <= last[1] + 1) last[1] = Math.max(last[1], x1);
    else ranges.push([x0, x1]);
  }
  return ranges;
}

/** The table as rows of cell texts, one entry per column; wrapped cell lines are joined. */
export function tableRows(lines: readonly Line[]): string[][] {
  const rowCells = lines.map(lineCells);
  const ranges = columnRanges(rowCells);
  const rows: string[][] = [];
  rowCells.forEach((cells, li) => {
    const row: string[] = ranges.map(() => "");
    for (const c of cells) {
      let best = 0;
      let bestScore = Number.NEGATIVE_INFINITY;
      ranges.forEach(([x0, x1], k) => {
        const overlap = Math.min(x1, c.x1) - Math.max(x0, c.x0);
        const score = overlap > 0 ? overlap : -Math.abs((x0 + x1) / 2 - (c.x0 + c.x1) / 2);
        if (score > bestScore) [best, bestScore] = [k, score];
      });
      row[best] = row[best] ? `${row[best]} ${c.text}` : c.text;
    }
    const prev = rows[rows.length - 1];
    const line = lines[li];
    const prevLine = lines[li - 1];
    const tight = line && prevLine && line.top - prevLine.bottom < 0.6 * line.style.size;
    const filled = row.filter(Boolean).length;
    // A lone fragment under a full row continues a wrapped cell of that row.
    const wrapsCell = prev?.[0] && !row[0] && filled === 1;
    // A label wrapping onto the line that carries the numbers.
    const wrapsLabel = prev && prev.filter(Boolean).length === 1 && prev[0] && /^[a-z]/.test(row[0] ?? "");
    if (prev && tight && (wrapsCell || wrapsLabel)) {
      row.forEach((text, k) => {
        if (text) prev[k] = prev[k] ? `${prev[k]} ${text}` : text;
      });
    } else rows.push(row);
  });
  return rows;
}

/** Pipe-separated rows; dot leaders ("Revisions ......") trimmed off cells. */
export const renderTable = (rows: readonly string[][]): string =>
  rows
    .map((r) =>
      r
        .map((c) =>
          c
            .replace(/\|/g, "/")
            .replace(/\s*(?:\.\s?){2,}$/, "")
            .trim(),
        )
        .join(" | "),
    )
    .join("\n");
