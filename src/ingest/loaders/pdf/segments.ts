import type { Box, Run, Segment, Style } from "./types.js";

/** Wider gaps than this (in font sizes) split a row: columns, table cells, bullets. */
const CELL_GAP = 0.75;
/** Narrower gaps than this (in font sizes) join runs without a space (kerning splits). */
const SPACE_GAP = 0.15;

/** How much two boxes overlap vertically, relative to the shorter one (0–1). */
export function verticalOverlap(a: Box, b: Box): number {
  const overlap = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  const shorter = Math.min(a.bottom - a.top, b.bottom - b.top);
  return shorter > 0 ? Math.max(0, overlap / shorter) : 0;
}

/** Groups boxes that share a baseline (superscripts included) into rows, top to bottom. */
export function groupRows<T extends Box & { base: number; size: number }>(boxes: readonly T[]): T[][] {
  const sorted = [...boxes].sort((a, b) => a.base - b.base || a.x0 - b.x0);
  const rows: Array<{ core: Box; items: T[] }> = [];
  for (const box of sorted) {
    let best: { core: Box; items: T[] } | undefined;
    let bestOverlap = 0.5;
    // Only recent rows can share a baseline with a box sorted by baseline.
    for (let i = rows.length - 1; i >= Math.max(0, rows.length - 4); i--) {
      const row = rows[i];
      if (!row) continue;
      const overlap = verticalOverlap(row.core, box);
      if (overlap >= bestOverlap) {
        best = row;
        bestOverlap = overlap;
      }
    }
    if (best) best.items.push(box);
    else rows.push({ core: { x0: box.x0, x1: box.x1, top: box.top, bottom: box.bottom }, items: [box] });
  }
  return rows.map((r) => r.items.sort((a, b) => a.x0 - b.x0));
}

/** Joins texts of neighbouring pieces, adding a space where the gap between them is visible. */
export function joinRuns(runs: readonly Run[]): string {
  let text = "";
  let prev: Run | undefined;
  for (const run of runs) {
    if (prev) {
      const gap = run.x0 - prev.x1;
      const spaced = /\s$/.test(text) || /^\s/.test(run.text);
      if (!spaced && gap > SPACE_GAP * Math.max(prev.size, run.size)) text += " ";
    }
    text += run.text;
    prev = run;
  }
  return text.replace(/\s+/g, " ").trim();
}

/** The dominant (size, bold, italic) of some runs, weighted by character count. */
export function dominantStyle(runs: readonly Run[]): Style {
  const weights = new Map<string, { style: Omit<Style, "uniformity">; chars: number }>();
  let total = 0;
  for (const run of runs) {
    const chars = run.text.replace(/\s/g, "").length;
    const size = Math.round(run.size * 10) / 10;
    const key = `${size}|${run.bold}|${run.italic}`;
    const entry = weights.get(key) ?? { style: { size, bold: run.bold, italic: run.italic }, chars: 0 };
    entry.chars += chars;
    weights.set(key, entry);
    total += chars;
  }
  let best: { style: Omit<Style, "uniformity">; chars: number } | undefined;
  for (const entry of weights.values()) if (!best || entry.chars > best.chars) best = entry;
  const style = best?.style ?? { size: 0, bold: false, italic: false };
  return { ...style, uniformity: total > 0 && best ? best.chars / total : 1 };
}

function toSegment(runs: Run[]): Segment {
  const main = runs.reduce((a, b) => (b.size > a.size ? b : a));
  return {
    runs,
    text: joinRuns(runs),
    x0: Math.min(...runs.map((r) => r.x0)),
    x1: Math.max(...runs.map((r) => r.x1)),
    top: Math.min(...runs.map((r) => r.top)),
    bottom: Math.max(...runs.map((r) => r.bottom)),
    base: main.base,
    size: dominantStyle(runs).size,
  };
}

/** Drops the second copy of text drawn twice at (almost) the same spot: "fake bold". */
function dropDuplicates(runs: readonly Run[]): Run[] {
  const kept: Run[] = [];
  for (const run of runs) {
    const twin = kept.find(
      (k) => k.text === run.text && Math.abs(k.x0 - run.x0) < 1.5 && Math.abs(k.base - run.base) < 1.5,
    );
    if (twin) twin.bold = true;
    else kept.push(run);
  }
  return kept;
}

/** Splits each baseline row at wide gaps; the pieces are the page's segments. */
export function buildSegments(runs: readonly Run[]): Segment[] {
  const segments: Segment[] = [];
  for (const row of groupRows(dropDuplicates(runs))) {
    let current: Run[] = [];
    let right = Number.NEGATIVE_INFINITY;
    for (const run of row) {
      const gap = run.x0 - right;
      if (current.length > 0 && gap > CELL_GAP * Math.max(run.size, current[current.length - 1]?.size ?? 0)) {
        segments.push(toSegment(current));
        current = [];
      }
      current.push(run);
      right = Math.max(right, run.x1);
    }
    if (current.length > 0) segments.push(toSegment(current));
  }
  return segments;
}

/** Splits a segment where a gap between its runs contains x (a column gutter). */
export function splitAt(segment: Segment, x: number): Segment[] {
  const runs = segment.runs;
  for (let i = 1; i < runs.length; i++) {
    const left = runs.slice(0, i);
    const right = runs.slice(i);
    const leftEdge = Math.max(...left.map((r) => r.x1));
    const rightEdge = Math.min(...right.map((r) => r.x0));
    if (leftEdge <= x + 1 && rightEdge >= x - 1) return [toSegment(left), toSegment(right)];
  }
  return [segment];
}
