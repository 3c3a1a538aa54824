import type { Evidence } from "../../src/retrieval/context-bundle.js";
import type { Draft } from "../schemas.js";
import { readerTerms } from "./reader-terms.js";
import { amount } from "./statements.js";
import { isTableText, tableCells } from "./table-cells.js";

/**
 * The composer for a superlative over a table row: "Across 2019, 2020 and 2021, in which year did
 * the company spend the most on X?" picks the row whose label says X best, then the column whose
 * amount is largest (or smallest) in size; a bracketed outflow "(616)" is spent, so sizes compare.
 * The answer names the column and states every value of the row, cited. Pure.
 */
const ASK =
  /\b(?:which|what|in which|in what)\s+(year|quarter|period|month|fiscal year|column)\b.*\b(most|highest|largest|biggest|greatest|peak(?:ed)?|least|lowest|smallest|fewest)\b/i;
const FEW = /^(?:least|lowest|smallest|fewest)$/i;

export function composeExtreme(question: string, evidence: readonly Evidence[]): Draft | null {
  const m = ASK.exec(question);
  if (!m) return null;
  const want = FEW.test(m[2] ?? "") ? "min" : "max";
  const asked = new Set(readerTerms(question));
  let best: {
    e: Evidence;
    row: string;
    cells: { column: string; value: string; size: number }[];
    hit: number;
  } | null = null;
  for (const e of evidence) {
    if (!isTableText(e.text)) continue;
    const rows = new Map<string, { column: string; value: string; size: number }[]>();
    for (const c of tableCells(e.text)) {
      const v = amount(c.value);
      if (v === null || !c.column) continue;
      rows.set(c.row, [...(rows.get(c.row) ?? []), { column: c.column, value: c.value, size: Math.abs(v) }]);
    }
    for (const [row, cells] of rows) {
      // The row's own label, without the group heading it sits under ("Cash flows from …: Purchases …").
      const label = readerTerms(row.split(": ").at(-1) ?? row);
      if (cells.length < 2 || label.length === 0) continue;
      // The row's label words the question uses, as a share of the label: "Purchases of property and equipment".
      const hit = label.filter((t) => asked.has(t)).length / label.length;
      if (hit > (best?.hit ?? 0.5)) best = { e, row, cells, hit };
    }
  }
  if (!best) return null;
  const sorted = [...best.cells].sort((a, b) => (want === "max" ? b.size - a.size : a.size - b.size));
  const [top, next] = sorted;
  if (!top || !next || top.size === next.size) return null;
  const values = best.cells.map((c) => `(${c.column}): ${c.value}`).join("; ");
  return {
    sentences: [{ text: `${top.column}: ${best.row} ${values}.`, cites: [best.e.sid] }],
    not_found: false,
    short_answer: top.column,
  };
}
