/**
 * The rows of a text table ("Error | Meaning | Possible Resolution", then one error per row):
 * reference tables in technical docs hold names and their meaning side by side, not amounts, so
 * they are read as records, each cell labelled with its column's header. Numeric rows are left to
 * tableCells (row × column values). Pure.
 */
export interface TableRow {
  /** The row as a statement: "Error: DUPLICATE_MODULE_NAME; Meaning: The sender is …". */
  statement: string;
  /** The row as written. */
  line: string;
  /** The column headers the statement labels its cells with: structure, never an answer. */
  labels: string[];
}

const NUMERIC = /^[$€£(]*\s*[-–—]?\s*\(?[\d.,]+\)?\s*%?$/;

export function tableRows(text: string): TableRow[] {
  const lines = text
    .split("\n")
    .filter((l) => l.includes("|") && !/^\s*\|?\s*:?-{3,}/.test(l))
    .map((l) => ({
      line: l.trim(),
      cells: l
        .replace(/^\s*\||\|\s*$/g, "")
        .split("|")
        .map((c) => c.trim()),
    }));
  const [head, ...rows] = lines;
  if (!head || rows.length === 0) return [];
  // A header is a row of short labels ("Error", "Meaning"), none of them a sentence or a number.
  const labels = head.cells.every(
    (c) => c.length > 0 && c.length <= 40 && !NUMERIC.test(c) && !/[.!?]$/.test(c),
  );
  const header = labels ? head.cells : null;
  const out: TableRow[] = [];
  for (const row of header ? rows : lines) {
    const filled = row.cells.filter((c) => c !== "");
    // Text rows only: at least two cells, most of them words.
    if (filled.length < 2 || filled.filter((c) => NUMERIC.test(c)).length * 2 >= filled.length) continue;
    const statement = row.cells
      // A cell's own full stop would read ".;" between cells.
      .map((c) => c.replace(/[.;]+$/, ""))
      .map((c, i) => (c === "" ? "" : header?.[i] ? `${header[i]}: ${c}` : c))
      .filter((c) => c !== "")
      .join("; ");
    out.push({ statement, line: row.line, labels: header ?? [] });
  }
  return out;
}
