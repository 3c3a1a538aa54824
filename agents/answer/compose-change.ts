import type { Evidence } from "../../src/retrieval/context-bundle.js";
import type { Draft } from "../schemas.js";
import { cellSentence } from "./answer-candidates.js";
import { bareNum } from "./question-cues.js";
import { readerTerms } from "./reader-terms.js";
import { amount, fmt } from "./statements.js";
import { isTableText, tableCells } from "./table-cells.js";

/**
 * The composer for a comparison across two columns of one table row: "Had X recovered to its 2019
 * level by 2021?", "How did X change from 2019 to 2021?". The row whose own label the question
 * says best, the two columns the question names (each header holding one of its numbers), both
 * values stated and the change, cited. The reader's scores judge single cells; a comparison needs
 * the pair, so it is read here, before them. Pure.
 */
export function composeChange(question: string, evidence: readonly Evidence[]): Draft | null {
  // The two periods compared, earlier first: a change runs forward in time, whichever year the
  // question names first ("Was 2021 revenue higher than 2019's?" is a change from 2019 to 2021).
  const periods = [...new Set((question.match(/\b\d{4}\b/g) ?? []).map(bareNum))].sort();
  if (periods.length !== 2) return null;
  const asked = new Set(readerTerms(question));
  let best: { e: Evidence; row: string; pair: [Cell, Cell]; hit: number } | null = null;
  for (const e of evidence) {
    if (!isTableText(e.text)) continue;
    const rows = new Map<string, Cell[]>();
    for (const c of tableCells(e.text)) {
      const v = amount(c.value);
      if (v !== null && c.column) rows.set(c.row, [...(rows.get(c.row) ?? []), { ...c, v }]);
    }
    for (const [row, cells] of rows) {
      // A header naming two years ("2020 to 2021 %") is a change already, not one side of one.
      const pair = periods.map((p) => cells.filter((c) => headerYears(c.column).join() === p));
      const [a, b] = pair;
      // Each period names exactly one column of the row: otherwise the pair is ambiguous.
      if (a?.length !== 1 || b?.length !== 1 || !a[0] || !b[0]) continue;
      const label = readerTerms(
        row
          .replace(/\(\d\)/g, "")
          .split(": ")
          .at(-1) ?? row,
      );
      if (label.length === 0) continue;
      const hit = label.filter((t) => asked.has(t)).length / label.length;
      // Ties keep the earlier passage: retrieval ranked it higher.
      if (hit > (best?.hit ?? 0.5)) best = { e, row, pair: [a[0], b[0]], hit };
    }
  }
  if (!best) return null;
  const [x, y] = best.pair;
  const change = y.v - x.v;
  const pct = x.v !== 0 ? ` (${fmt((change / Math.abs(x.v)) * 100)}%)` : "";
  return {
    sentences: [
      {
        // The same form as a comparison read from ranked cells (statements.ts), which verify-change reads.
        text: `${cellSentence(best.row, x.column, x.value)}; ${y.column}: ${y.value}, a change of ${fmt(change)}${pct}`,
        cites: [best.e.sid],
      },
    ],
    not_found: false,
    short_answer: fmt(change),
  };
}

interface Cell {
  column: string;
  value: string;
  v: number;
}

const headerYears = (column: string): string[] => column.match(/\b\d{4}\b/g) ?? [];
