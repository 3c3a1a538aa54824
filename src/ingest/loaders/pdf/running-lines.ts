import { groupRows } from "./segments.js";
import type { PageText, Segment } from "./types.js";

/** Share of the page height at the top and bottom where running headers and footers live. */
const ZONE = 0.12;
/** Only this many rows from each edge of a page are candidates. */
const EDGE_ROWS = 3;

/** Digits (and roman page numbers) masked, spaces and case ignored: "Page 12 of 30" ≈ "Page 3 of 30". */
export function runningKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/\b[ivxlcdm]+\b(?=\s*$)/, "#")
    .replace(/\d+/g, "#")
    .replace(/\s+/g, "");
}

/** A footer like "Chapter 2. Roles 11": a page number set off from short text by a wide gap. */
function numberedTitle(row: readonly Segment[]): boolean {
  const [first, second] = [row[0], row[1]];
  const [penult, last] = [row[row.length - 2], row[row.length - 1]];
  if (!first || !second || !penult || !last) return false;
  const words = row
    .map((s) => s.text)
    .join(" ")
    .split(/\s+/).length;
  const apart = (a: Segment, b: Segment) => b.x0 - a.x1 >= 1.2 * Math.max(a.size, b.size);
  const lead = isPageNumber(first.text) && apart(first, second);
  const trail = isPageNumber(last.text) && apart(penult, last);
  // Without words beside it, the number is one of a row of numbers (a table's year heads).
  const titled = row.some((s) => /\p{L}/u.test(s.text) && !isPageNumber(s.text));
  return words <= 16 && titled && (lead || trail);
}

/** A bare page number: "12", "- 12 -", "Page 12", "12 of 30", "iv". */
export function isPageNumber(text: string): boolean {
  const t = text.trim();
  return (
    /^(?:page\s*)?[-–—]?\s*\d{1,5}\s*[-–—]?(?:\s*(?:of|\/)\s*\d{1,5})?$/i.test(t) ||
    /^[ivxlcdm]{1,7}$/i.test(t)
  );
}

/** The most common font size by character count across the document. */
function bodySize(pages: readonly PageText[]): number {
  const chars = new Map<number, number>();
  for (const s of pages.flatMap((p) => p.segments)) {
    const size = Math.round(s.size * 2) / 2;
    chars.set(size, (chars.get(size) ?? 0) + s.text.length);
  }
  let best = 0;
  let most = -1;
  for (const [size, n] of chars) if (n > most) [best, most] = [size, n];
  return best;
}

/**
 * A running header or footer names something (a title, a chapter, a company). A row of bare
 * numbers at a page's edge ("2019 2020 2021") is a table's column heads carried over a page
 * break, and masked it matches every other such row; only a page number goes without words.
 */
function namesSomething(row: EdgeRow): boolean {
  return row.segments.some((s) => /\p{L}/u.test(s.text));
}

interface EdgeRow {
  page: number;
  key: string;
  segments: Segment[];
  pageNumber: boolean;
}

function edgeRows(page: PageText): EdgeRow[] {
  const rows = groupRows(page.segments);
  const picked: EdgeRow[] = [];
  const add = (row: Segment[], zone: "top" | "bottom") => {
    const text = row.map((s) => s.text).join(" ");
    // Top and bottom keys are kept apart: a footer text at the top is not the same thing.
    const pageNumber = isPageNumber(text) || numberedTitle(row);
    picked.push({ page: page.page, key: `${zone}:${runningKey(text)}`, segments: row, pageNumber });
  };
  rows.slice(0, EDGE_ROWS).forEach((row) => {
    if (Math.max(...row.map((s) => s.bottom)) <= page.height * ZONE) add(row, "top");
  });
  rows.slice(-EDGE_ROWS).forEach((row) => {
    if (Math.min(...row.map((s) => s.top)) >= page.height * (1 - ZONE)) add(row, "bottom");
  });
  // A page number set apart below (or above) the text, wherever a short page puts it.
  const last = rows[rows.length - 1];
  const above = rows[rows.length - 2];
  if (last && above && !picked.some((p) => p.segments === last)) {
    const text = last.map((s) => s.text).join(" ");
    const gap = Math.min(...last.map((s) => s.top)) - Math.max(...above.map((s) => s.bottom));
    if (isPageNumber(text) && gap >= Math.max(...last.map((s) => s.size))) add(last, "bottom");
  }
  return picked;
}

/**
 * Removes running headers and footers: rows near the top or bottom edge whose text (digits
 * masked) repeats on many pages, and bare page numbers there. Returns how many rows went.
 */
export function removeRunningLines(pages: PageText[]): number {
  const body = bodySize(pages);
  // Large type near the top is a title ("Chapter 2. ..."), even when every chapter has one.
  const perPage = pages.map((p) =>
    edgeRows(p).filter((r) => r.pageNumber || !r.segments.some((s) => s.size > body * 1.25)),
  );
  const pagesByKey = new Map<string, Set<number>>();
  for (const rows of perPage) {
    for (const row of rows) {
      const set = pagesByKey.get(row.key) ?? new Set<number>();
      set.add(row.page);
      pagesByKey.set(row.key, set);
    }
  }
  // Short documents repeat less; a table header repeated on a few of 300 pages is content.
  const minPages = pages.length <= 4 ? 2 : Math.max(3, Math.ceil(pages.length * 0.15));
  let removed = 0;
  pages.forEach((page, i) => {
    const drop = new Set<Segment>();
    for (const row of perPage[i] ?? []) {
      const repeated = namesSomething(row) && (pagesByKey.get(row.key)?.size ?? 0) >= minPages;
      if (!row.pageNumber && !repeated) continue;
      for (const segment of row.segments) drop.add(segment);
      removed++;
    }
    if (drop.size > 0) page.segments = page.segments.filter((s) => !drop.has(s));
  });
  return removed;
}
