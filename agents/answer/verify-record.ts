import { tableRows } from "./table-rows.js";

/**
 * Verifier check, text-table records: a sentence that quotes a row as "Parameter: x; Options: y"
 * must take every labelled value from one row of the cited table. Words alone cannot see a value
 * moved from the next row ("Options: <the row below's default>"), since the passage holds it too.
 */
export type TableRecord = ReadonlyMap<string, string>;

const norm = (s: string): string =>
  s
    .toLowerCase()
    .replace(/\[s\d+\]/g, "")
    .replace(/[.;,\s]+$/, "")
    .replace(/\s+/g, " ")
    .trim();

/** "In A: Parameter: x; Options: y by default." → {parameter: x, options: y by default}. */
export function recordFields(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of text.split(/;\s+/)) {
    // The label is the piece before the last ": " (code's "::" is no separator).
    const pieces = part.split(/:\s+/);
    if (pieces.length < 2) continue;
    const label = norm(
      pieces
        .at(-2)
        ?.split(/[,.]\s+/)
        .at(-1) ?? "",
    );
    const value = norm(pieces.at(-1) ?? "");
    if (label.length > 0 && label.length <= 40 && value.length > 0) out.set(label, value);
  }
  return out;
}

/** The rows of a passage's text tables as label → value records (tables with a header row). */
export function tableRecords(text: string): TableRecord[] {
  return tableRows(text)
    .filter((r) => r.labels.length >= 2)
    .map((r) => recordFields(r.statement));
}

/**
 * Why a record sentence does not match any one row of the cited tables, or null when it does or
 * when it is no record of them (fewer than two of its labels are a table's column headers).
 */
export function recordMismatch(sentence: string, tables: readonly (readonly TableRecord[])[]): string | null {
  const said = recordFields(sentence);
  if (said.size < 2) return null;
  let applies = false;
  for (const rows of tables)
    for (const row of rows) {
      const shared = [...said.keys()].filter((k) => row.has(k));
      if (shared.length < 2) continue;
      applies = true;
      if (shared.every((k) => row.get(k) === said.get(k))) return null;
    }
  return applies ? "its labelled values are not one row of the cited table" : null;
}
