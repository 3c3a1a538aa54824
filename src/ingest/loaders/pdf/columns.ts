import { dominantStyle, groupRows, splitAt } from "./segments.js";
import type { Line, PageText, Segment } from "./types.js";

const words = (text: string): number => text.split(/\s+/).filter((w) => /\p{L}/u.test(w)).length;

/**
 * Vertical gutters between text columns: x positions that (almost) no prose line crosses
 * while plenty of prose lies wholly left and wholly right of them. Prose, not every
 * segment, decides, so that the gaps between table columns are not taken for gutters.
 */
export function findGutters(segments: readonly Segment[]): number[] {
  // Program listings often run across the gutter of a two-column page: they do not count.
  const prose = segments.filter(
    (s) => s.x1 - s.x0 >= 60 && words(s.text) >= 3 && !s.runs.every((r) => r.mono),
  );
  const n = prose.length;
  if (n < 8) return [];
  const from = Math.floor(Math.min(...prose.map((s) => s.x0))) + 10;
  const to = Math.ceil(Math.max(...prose.map((s) => s.x1))) - 10;
  // Full-width material (titles, wide captions) may cross a gutter; the columns must not.
  const maxCrossing = Math.max(2, Math.floor(n * 0.35));
  const minSide = Math.max(4, Math.ceil(n * 0.2));
  const gutters: number[] = [];
  let run: Array<{ x: number; crossing: number }> = [];
  const flush = () => {
    if (run.length >= 3) {
      const least = Math.min(...run.map((r) => r.crossing));
      const best = run.filter((r) => r.crossing === least);
      const mid = best[Math.floor(best.length / 2)];
      if (mid) gutters.push(mid.x);
    }
    run = [];
  };
  for (let x = from; x <= to; x++) {
    let crossing = 0;
    let left = 0;
    let right = 0;
    for (const s of prose) {
      if (s.x1 <= x) left++;
      else if (s.x0 >= x) right++;
      else crossing++;
    }
    // Inside a column its own lines cross x; at a gutter only full-width lines do, far fewer.
    const fewCrossing = crossing <= maxCrossing && crossing <= 0.6 * Math.min(left, right);
    if (fewCrossing && left >= minSide && right >= minSide) run.push({ x, crossing });
    else flush();
  }
  flush();
  return gutters;
}

/**
 * Rows of a table set across the full page width: four or more cells, at least half of
 * them short, on both sides of a gutter. They count as full-width material, or the table
 * would be read column by column.
 */
function wideTableRows(segments: readonly Segment[], gutters: readonly number[]): Set<Segment> {
  const rows = groupRows(segments);
  const tabular = rows.map((row) => {
    if (row.length < 4 || row.filter((s) => words(s.text) <= 3).length < row.length * 0.5) return false;
    return gutters.some((g) => row.some((s) => s.x1 < g) && row.some((s) => s.x0 > g));
  });
  const wide = new Set<Segment>();
  // Three such rows close together, so that a heading level with a narrow table's head is no match.
  tabular.forEach((t, i) => {
    const near = tabular.slice(Math.max(0, i - 3), i + 4).filter(Boolean).length;
    if (t && near >= 3) for (const s of rows[i] ?? []) wide.add(s);
  });
  return wide;
}

/** The most common left edge (rounded), smallest on ties: the margin that indents are measured from. */
function commonLeft(lines: readonly Line[]): number {
  const counts = new Map<number, number>();
  for (const l of lines) counts.set(Math.round(l.x0), (counts.get(Math.round(l.x0)) ?? 0) + 1);
  let best = Number.POSITIVE_INFINITY;
  let bestCount = 0;
  for (const [x, c] of counts) if (c > bestCount || (c === bestCount && x < best)) [best, bestCount] = [x, c];
  return Number.isFinite(best) ? best : 0;
}

function toLines(page: number, region: number, segments: readonly Segment[]): Line[] {
  const lines: Line[] = groupRows(segments).map((cells) => ({
    page,
    region,
    regionX0: 0,
    regionX1: 0,
    cells,
    text: cells.map((c) => c.text).join(" "),
    x0: Math.min(...cells.map((c) => c.x0)),
    x1: Math.max(...cells.map((c) => c.x1)),
    top: Math.min(...cells.map((c) => c.top)),
    bottom: Math.max(...cells.map((c) => c.bottom)),
    base: cells.reduce((a, b) => (b.size > a.size ? b : a)).base,
    style: dominantStyle(cells.flatMap((c) => c.runs)),
  }));
  const left = commonLeft(lines);
  const rights = lines.map((l) => l.x1).sort((a, b) => a - b);
  const right = rights[Math.floor(rights.length * 0.9)] ?? 0;
  for (const l of lines) [l.regionX0, l.regionX1] = [left, right];
  return lines;
}

/**
 * Lines of one page in reading order. Full-width material (crossing a gutter) forms
 * horizontal bands; between them each column is read top to bottom, left column first.
 * `firstRegion` numbers the page's regions so that they are unique in the document.
 */
export function layoutPage(page: PageText, firstRegion: number): Line[] {
  const gutters = findGutters(page.segments);
  if (gutters.length === 0) return toLines(page.page, firstRegion, page.segments);
  let segments = page.segments;
  for (const g of gutters) segments = segments.flatMap((s) => (s.x0 < g && s.x1 > g ? splitAt(s, g) : [s]));
  const wide = wideTableRows(segments, gutters);
  const spans = (s: Segment) => wide.has(s) || gutters.some((g) => s.x0 < g - 2 && s.x1 > g + 2);
  // Vertical extents of full-width material, merged when no column line fits between them.
  const bands: Array<{ top: number; bottom: number }> = [];
  for (const s of segments.filter(spans).sort((a, b) => a.top - b.top)) {
    const last = bands[bands.length - 1];
    if (last && s.top <= last.bottom + 2 * s.size) last.bottom = Math.max(last.bottom, s.bottom);
    else bands.push({ top: s.top, bottom: s.bottom });
  }
  const groups = new Map<string, { order: number; segments: Segment[] }>();
  for (const s of segments) {
    const mid = (s.top + s.bottom) / 2;
    const inBand = bands.findIndex((b) => mid >= b.top - 1 && mid <= b.bottom + 1);
    let key: string;
    let order: number;
    if (inBand >= 0) {
      key = `band${inBand}`;
      order = inBand * 2 + 1;
    } else {
      // The gap between full-width bands this segment lies in, then its column.
      const gap = bands.filter((b) => b.bottom < mid).length;
      const column = gutters.filter((g) => (s.x0 + s.x1) / 2 > g).length;
      key = `gap${gap}:${column}`;
      order = gap * 2 + column / (gutters.length + 1);
    }
    const group = groups.get(key) ?? { order, segments: [] };
    group.segments.push(s);
    groups.set(key, group);
  }
  const ordered = [...groups.values()].sort((a, b) => a.order - b.order);
  return ordered.flatMap((g, i) => toLines(page.page, firstRegion + i, g.segments));
}
