import type { Evidence } from "../../src/retrieval/context-bundle.js";
import type { Draft } from "../schemas.js";
import { readerTerms } from "./reader-terms.js";
import { amount } from "./statements.js";
import { isTableText, tableCells } from "./table-cells.js";

/**
 * The composer for a superlative over a table's rows: "Which hash function is the cheapest in
 * gas?", "Which segment had the highest margin?". The column whose header says what is compared
 * (a price word for "cheapest"), then the row with the smallest (or largest) amount in it; the
 * answer names the row and states every row's value, cited. (compose-extreme.ts picks a column of
 * one row instead: "in which year …".) Pure.
 */
const ASK =
  /\b(?:which|what)\b[^?]*?\b(cheapest|least expensive|most expensive|lowest|highest|smallest|largest|biggest|greatest|fewest)\b/i;
// "Which function costs the least?", "which plan uses the most memory?": a verb, then the extreme.
const VERB_ASK =
  /\b(?:which|what)\b[^?]*?\b(?:(costs?|charges?|pays?)|uses?|takes?|needs?|requires?|consumes?)\s+the\s+(least|most|fewest)\b/i;
const FEW = /^(?:cheapest|least expensive|lowest|smallest|fewest|least)$/i;
const PRICE = /^(?:cheapest|least expensive|most expensive)$/i;
const PRICE_WORDS = new Set(readerTerms("cost price fee expense charge"));

/** The extreme asked ("cheapest", "least") and whether it is a price's. */
function extremeAsked(question: string): { word: string; price: boolean } | null {
  const m = ASK.exec(question);
  if (m?.[1]) return { word: m[1], price: PRICE.test(m[1]) };
  const v = VERB_ASK.exec(question);
  return v?.[2] ? { word: v[2], price: v[1] !== undefined } : null;
}

export function composeRowExtreme(question: string, evidence: readonly Evidence[]): Draft | null {
  const asks = extremeAsked(question);
  if (!asks) return null;
  const want = FEW.test(asks.word) ? "min" : "max";
  const asked = new Set(readerTerms(question));
  let best: { e: Evidence; column: string; rows: Row[]; fit: number } | null = null;
  for (const e of evidence) {
    if (!isTableText(e.text)) continue;
    const columns = new Map<string, Row[]>();
    for (const c of tableCells(e.text)) {
      const v = amount(c.value);
      // A total is the sum of the rows, not one of the things compared.
      if (v === null || !c.column || /^total\b/i.test(c.row)) continue;
      columns.set(c.column, [...(columns.get(c.column) ?? []), { row: c.row, value: c.value, v }]);
    }
    for (const [column, rows] of columns) {
      const terms = readerTerms(column);
      const price = asks.price && terms.some((t) => PRICE_WORDS.has(t)) ? 1 : 0;
      const fit = terms.filter((t) => asked.has(t)).length + price;
      if (rows.length >= 2 && fit > (best?.fit ?? 0)) best = { e, column, rows, fit };
    }
  }
  if (!best) return null;
  const sorted = [...best.rows].sort((a, b) => (want === "min" ? a.v - b.v : b.v - a.v));
  const [top, next] = sorted;
  if (!top || !next || top.v === next.v) return null;
  const values = best.rows.map((r) => `${r.row}: ${r.value}`).join("; ");
  return {
    sentences: [{ text: `${top.row} (${best.column}): ${top.value}. ${values}.`, cites: [best.e.sid] }],
    not_found: false,
    short_answer: top.row,
  };
}

interface Row {
  row: string;
  value: string;
  v: number;
}
