import { captionStart } from "./captions.js";
import { markFootnotes } from "./footnotes.js";
import { tableRows } from "./table-rows.js";
import { findTableSpans } from "./tables.js";
import type { Line, Unit } from "./types.js";

/** How far from a "Table N" caption its table may start (caption continuation lines). */
const CAPTION_REACH = 3;
/** Lines searched next to a caption for a table laid out more loosely. */
const WINDOW = 60;

function toUnits(lines: readonly Line[], minCells: number, minRows: number): Unit[] {
  const units: Unit[] = [];
  let next = 0;
  for (const span of findTableSpans(lines, minCells, minRows)) {
    for (const line of lines.slice(next, span.start)) units.push({ kind: "line", line });
    const tableLines = lines.slice(span.start, span.end + 1);
    units.push({ kind: "table", table: { lines: tableLines, rows: tableRows(tableLines) } });
    next = span.end + 1;
  }
  for (const line of lines.slice(next)) units.push({ kind: "line", line });
  return units;
}

/**
 * A page's lines (in reading order) as lines and tables, tables found by layout alone;
 * `bodySize` is the body font size around the page, for telling footnotes apart.
 */
export function pageUnits(lines: readonly Line[], bodySize: number): Unit[] {
  markFootnotes(lines, bodySize);
  const units: Unit[] = [];
  let start = 0;
  for (let i = 1; i <= lines.length; i++) {
    if (i < lines.length && lines[i]?.region === lines[start]?.region) continue;
    units.push(...toUnits(lines.slice(start, i), 3, 3));
    start = i;
  }
  return units;
}

const lineAt = (units: readonly Unit[], i: number): Line | undefined => {
  const u = units[i];
  return u?.kind === "line" ? u.line : undefined;
};

/** Consecutive line units on `page` from `from` stepping by `step`, at most WINDOW of them. */
function window(units: readonly Unit[], from: number, step: 1 | -1, page: number): number[] {
  const idx: number[] = [];
  for (let i = from; idx.length < WINDOW; i += step) {
    const line = lineAt(units, i);
    if (!line || line.page !== page) break;
    idx.push(i);
  }
  return step === 1 ? idx : idx.reverse();
}

/**
 * A "Table N" caption with no layout table beside it: look again right after it (then
 * right before it) with looser rules, two aligned cells per row and two rows.
 */
export function captionTables(units: readonly Unit[]): Unit[] {
  const out = [...units];
  for (let i = 0; i < out.length; i++) {
    const caption = lineAt(out, i);
    if (!caption || captionStart(caption.text)?.kind !== "table") continue;
    const near = [i - 1, ...Array.from({ length: CAPTION_REACH }, (_, k) => i + 1 + k)];
    if (near.some((k) => out[k]?.kind === "table")) continue;
    const after = window(out, i + 1, 1, caption.page);
    const afterLines = after.map((k) => lineAt(out, k)).filter((l): l is Line => l !== undefined);
    const span = findTableSpans(afterLines, 2, 2).find((s) => s.start < CAPTION_REACH);
    let chosen = span ? after.slice(span.start, span.end + 1) : undefined;
    if (!chosen) {
      const before = window(out, i - 1, -1, caption.page);
      const beforeLines = before.map((k) => lineAt(out, k)).filter((l): l is Line => l !== undefined);
      const last = findTableSpans(beforeLines, 2, 2).at(-1);
      if (last && last.end === before.length - 1) chosen = before.slice(last.start, last.end + 1);
    }
    const first = chosen?.[0];
    if (!chosen || first === undefined) continue;
    const lines = chosen.map((k) => lineAt(out, k)).filter((l): l is Line => l !== undefined);
    out.splice(first, chosen.length, { kind: "table", table: { lines, rows: tableRows(lines) } });
    if (first < i) i = first;
  }
  return out;
}
