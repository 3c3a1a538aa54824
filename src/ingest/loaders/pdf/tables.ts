import { captionStart } from "./captions.js";
import type { Line } from "./types.js";

export interface Cell {
  text: string;
  x0: number;
  x1: number;
}

const wordCount = (text: string): number => text.split(/\s+/).filter(Boolean).length;

/** Cells of a line; a lone "$" joins the amount after it, a lone "%" or ")" the one before. */
export function lineCells(line: Line): Cell[] {
  const cells: Cell[] = [];
  let pending: Cell | undefined;
  for (const seg of line.cells) {
    const cell: Cell = { text: seg.text, x0: seg.x0, x1: seg.x1 };
    if (pending) {
      cell.text = `${pending.text} ${cell.text}`;
      cell.x0 = pending.x0;
      pending = undefined;
    }
    const prev = cells[cells.length - 1];
    if (/^[$€£¥]$/.test(cell.text)) pending = cell;
    else if (prev && /^(?:%|\)|pts?\.?)$/.test(cell.text)) {
      prev.text += cell.text;
      prev.x1 = cell.x1;
    } else cells.push(cell);
  }
  if (pending) cells.push(pending);
  return cells;
}

/**
 * Columns filled in at least half of the rows: the x-ranges of the cells after the first,
 * merged where they overlap. Real tables hang numbers and "%" signs loosely, so overlap,
 * not exact edges, makes a column; scattered text merges into few, wide ranges.
 */
function alignedColumns(rows: readonly Cell[][]): number {
  const spans = rows
    .flatMap((cells, row) => cells.slice(1).map((c) => ({ x0: c.x0, x1: c.x1, row })))
    .sort((a, b) => a.x0 - b.x0);
  const ranges: Array<{ x1: number; rows: Set<number> }> = [];
  for (const s of spans) {
    const last = ranges[ranges.length - 1];
    if (last && s.x0 <= last.x1 + 1) {
      last.x1 = Math.max(last.x1, s.x1);
      last.rows.add(s.row);
    } else ranges.push({ x1: s.x1, rows: new Set([s.row]) });
  }
  const need = Math.max(2, Math.ceil(rows.length * 0.5));
  return ranges.filter((r) => r.rows.size >= need).length;
}

/** Columns of running text side by side look like rows of long cells; a table has short ones. */
function looksLikeProse(rows: readonly Cell[][]): boolean {
  const prose = rows.filter((cells) => cells.every((c) => wordCount(c.text) >= 4 && c.x1 - c.x0 >= 80));
  return prose.length >= rows.length * 0.6;
}

export interface TableSpan {
  start: number;
  end: number;
}

/**
 * Runs of lines laid out as a table: at least `minRows` lines with `minCells` or more
 * column-aligned cells, allowing a few one-cell lines between them (group labels,
 * wrapped cells). Indexes are into `lines`, which must be one reading-order region.
 */
export function findTableSpans(lines: readonly Line[], minCells: number, minRows: number): TableSpan[] {
  const cells = lines.map(lineCells);
  // A caption bounds a table and is never one of its rows.
  const caption = lines.map((l) => captionStart(l.text) !== undefined);
  const isRow = (i: number) => (cells[i]?.length ?? 0) >= minCells && !caption[i];
  const spans: TableSpan[] = [];
  let i = 0;
  while (i < lines.length) {
    if (!isRow(i)) {
      i++;
      continue;
    }
    let end = i;
    let fillers = 0;
    for (let j = i + 1; j < lines.length; j++) {
      const line = lines[j];
      const prev = lines[j - 1];
      if (!line || !prev || caption[j] || line.top - prev.bottom > 2 * line.style.size) break;
      if (isRow(j)) {
        end = j;
        fillers = 0;
      } else if (wordCount(line.text) <= 15 && ++fillers <= 3) continue;
      else break;
    }
    const rows = cells.slice(i, end + 1).filter((c) => c.length >= minCells);
    const columnsNeeded = minCells >= 3 ? 2 : 1;
    if (rows.length >= minRows && alignedColumns(rows) >= columnsNeeded && !looksLikeProse(rows)) {
      const last = trailingEnd(lines, cells, i, end);
      spans.push({ start: headerStart(lines, cells, i), end: last });
      i = last + 1;
    } else i++;
  }
  return spans;
}

/**
 * Header lines just above a table: column heads (several cells, or set off to the right
 * of the row labels, like "Year Ended December 31,"), and short labels below such heads.
 */
function headerStart(lines: readonly Line[], cells: readonly Cell[][], start: number): number {
  const first = lines[start];
  if (!first) return start;
  const width = Math.max(...lines.slice(start, start + 5).map((l) => l.x1)) - first.x0;
  let top = start;
  for (let k = start - 1; k >= 0 && start - k <= 4; k--) {
    const line = lines[k];
    const below = lines[k + 1];
    if (!line || !below || below.top - line.bottom > 1.5 * line.style.size) break;
    const cs = cells[k] ?? [];
    if (captionStart(line.text)) break;
    const shouty = wordCount(line.text) >= 4 && line.text === line.text.toUpperCase();
    if (shouty || cs.some((c) => wordCount(c.text) > 8)) break;
    const head = cs.length >= 2 || line.x0 > first.x0 + 0.3 * width;
    const label = wordCount(line.text) <= 6 && !/[.:]$/.test(line.text);
    // Row-group labels ("Marketable securities:") may stand between the heads and the first
    // row: walk over them, and keep them only when heads are found above.
    const group = wordCount(line.text) <= 6 && line.text.endsWith(":") && line.x0 <= first.x0 + 0.3 * width;
    // A short label right above the first row ("Assets", "User action") belongs to it.
    if (head || (label && k === start - 1 && below.top - line.bottom <= 1.2 * line.style.size)) top = k;
    else if (!label && !group) break;
  }
  return top;
}

/** Wrapped cell text under the last row: lines starting right of the first column, close below. */
function trailingEnd(lines: readonly Line[], cells: readonly Cell[][], start: number, end: number): number {
  const firstCol = Math.max(...cells.slice(start, end + 1).map((c) => c[0]?.x1 ?? 0));
  let last = end;
  for (let k = end + 1; k < lines.length && k <= end + 5; k++) {
    const line = lines[k];
    const prev = lines[k - 1];
    if (!line || !prev || line.top - prev.bottom > 1.0 * line.style.size || line.x0 <= firstCol) break;
    if (captionStart(line.text)) break;
    last = k;
  }
  return last;
}
