/**
 * A table chunk read as rows, not prose: "Goodwill | 6,109 | 8,420" under a header row
 * "| As of December 31, 2020 | As of December 31, 2021" gives two cells addressed by row label ×
 * column header. Pure.
 */
export interface TableCell {
  /** The row's label (its first non-numeric cell), with the labels of rows it continues. */
  row: string;
  /** The column's header text (several header rows joined), or "" when the table has none. */
  column: string;
  value: string;
  /** The whole row as written, for quoting. */
  line: string;
  /** Row index in the table (0-based), for "the row after". */
  index: number;
}

const VALUE = /^[$€£(]*\s*[-–—]?\s*\(?[\d.,]+\)?\s*%?\s*(?:x|million|billion)?$|^[-–—]$|^n\/?m$/i;

const cellsOf = (line: string): string[] => line.split("|").map((c) => c.trim());

/** A year header cell; it may span two years ("2020 to 2021 %", the change column). */
const year = (v: string): boolean => /^\D*(?:(?:19|20)\d{2}\D*)+$/.test(v);

/** Whether a text looks like a pipe table (most lines have two or more cells). */
export function isTableText(text: string): boolean {
  const lines = text.split("\n").filter((l) => l.trim());
  if (lines.length < 2) return false;
  return lines.filter((l) => l.includes(" | ") || /^\s*\|/.test(l)).length >= Math.ceil(lines.length / 2);
}

/** The cells of a pipe table with their row labels and column headers. */
export function tableCells(text: string): TableCell[] {
  const lines = text.split("\n").filter((l) => l.includes("|") && !/^\s*\|?\s*:?-{3,}/.test(l));
  const headers: string[][] = [];
  const out: TableCell[] = [];
  let index = 0;
  let seenData = false;
  // A label row with no values ("Insurance reserves:") heads the rows under it.
  let group = "";
  for (const line of lines) {
    const cells = cellsOf(line);
    const label = cells[0] ?? "";
    const rest = cells.slice(1);
    const values = rest.filter((c) => c !== "");
    const numeric = values.filter((c) => VALUE.test(c)).length;
    // Header rows: before any data, cells that are words or years, not amounts; a second header
    // row with no label of its own may mix years and words ("| 2020 | 2021 | Effective Interest Rates").
    if (
      !seenData &&
      values.length > 0 &&
      (numeric === 0 || values.every(year) || (!label && values.every((v) => year(v) || !VALUE.test(v))))
    ) {
      headers.push(rest);
      continue;
    }
    if (values.length === 0 && label) {
      group = label.replace(/:$/, "");
      continue;
    }
    if (values.length === 0 || numeric === 0) continue;
    seenData = true;
    const header = joinHeaders(headers, rest.length);
    rest.forEach((value, i) => {
      if (!value || !VALUE.test(value) || /^[-–—]$/.test(value)) return;
      const row = group && label ? `${group}: ${label}` : label || group;
      out.push({ row, column: header[i] ?? "", value: value.replace(/\s+/g, " "), line, index });
    });
    index++;
  }
  return out;
}

/** Header rows aligned to a data row's width from the right (labels may have no header cell). */
function joinHeaders(headers: readonly string[][], width: number): string[] {
  const cols: string[][] = Array.from({ length: width }, () => []);
  for (const h of headers) {
    const filled = h.filter((c) => c !== "");
    // A header with as many cells as values aligns cell by cell; a shorter one from the right.
    const cells = h.length === width ? h : filled;
    const offset = width - cells.length;
    cells.forEach((c, i) => {
      const col = cols[i + offset];
      if (c && col) col.push(c);
    });
  }
  return cols.map((c) => c.join(" "));
}
