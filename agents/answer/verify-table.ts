import { contentTerms } from "../text.js";
import { type Quantity, quantities } from "./verify-numbers.js";

/**
 * Verifier check, table cells: a table chunk is rows ("Goodwill | 6,109 | 8,420") under header rows
 * ("| 2020 | 2021"), so a value is only stated together with its row label and column header.
 * This reads a passage into the quantities it states freely (prose, labels, headers) and the cells.
 */

export interface Cell {
  q: Quantity;
  /** Content stems of the row label (years apart). */
  label: ReadonlySet<string>;
  /** Stems of the header cells above this column (years apart). */
  header: ReadonlySet<string>;
  /** Header stems that tell this table's columns apart (in some column headers, not all). */
  distinctive: ReadonlySet<string>;
  /** Years the cell is dated by: its column header, its row label, the group row above ("Year Ended 2021"). */
  years: ReadonlySet<string>;
}

// Where a sentence moves from one value to the next: "from X in 2019 | to Y in 2021 |, up Z".
const SEGMENT = /[,;](?=\s)|\s(?:to|and|from|versus|vs\.?|compared|while|whereas|up|down|но|и|а|против)\s/giu;

/**
 * The value a column word or year at `at` belongs to: the one amount of its segment; else, with
 * none or several there, the nearest ("$6,109 in 2020 and $8,420 in 2021", "Goodwill (2021): 8,420").
 */
export function ownerOf(at: number, amounts: readonly Quantity[], text: string): Quantity | undefined {
  const cuts = [0, ...[...text.matchAll(SEGMENT)].map((m) => m.index ?? 0), text.length];
  const seg = cuts.findIndex((c, i) => at >= c && at < (cuts[i + 1] ?? text.length + 1));
  const [from, to] = [cuts[seg] ?? 0, cuts[seg + 1] ?? text.length];
  const inside = amounts.filter((q) => q.at >= from && q.at < to);
  const pool = inside.length > 0 ? inside : amounts;
  return [...pool].sort((a, b) => Math.abs(a.at - at) - Math.abs(b.at - at))[0];
}

/** What cellMismatch needs of the sentence (verify-read.ts reads it once). */
export interface SentenceSide {
  text: string;
  termSet: ReadonlySet<string>;
  said: readonly Quantity[];
  amounts: readonly Quantity[];
  placed: ReadonlyArray<{ term: string; at: number }>;
}

export interface PassageFacts {
  /** Quantities stated outside value cells: prose, row labels, header rows. */
  free: Quantity[];
  cells: Cell[];
  /** Sentences and table rows: the lines a sentence is compared with for negation and order. */
  units: string[];
}

const AMOUNT = /^[$€£¥₽]?\s*\(?\s*[$€£¥₽]?\s*[-−]?\d[\d,.]*\s*\)?\s*%?$/u;
const EMPTY = /^[\s—–\-$%]*$/u;
const YEAR = /^(?:19|20)\d\d$/;

const cellsOf = (line: string): string[] => line.split("|").map((c) => c.trim());
const filled = (values: readonly string[]) => values.filter((v) => !EMPTY.test(v));
/** Header row: some value cell has text or a year, and none holds an amount. */
function isHeader(values: readonly string[]): boolean {
  const f = filled(values);
  return f.length > 0 && f.every((v) => !AMOUNT.test(v) || YEAR.test(v.replace(/\s/g, "")));
}

/** Content stems without numbers, and the years, of a cell. */
const words = (text: string): string[] => contentTerms(text).filter((t) => !/^\d+$/.test(t));
const yearsIn = (text: string): string[] => text.match(/(?<!\d)(?:19|20)\d\d(?!\d)/g) ?? [];

/** Reads a passage into free quantities, table cells (row × column) and comparison units. */
export function readPassage(text: string, split: (t: string) => string[]): PassageFacts {
  const free: Quantity[] = [];
  const cells: Cell[] = [];
  const units: string[] = [];
  let header: string[][] = [];
  let group = "";
  let lastWasHeader = false;
  for (const line of text.split(/\n/)) {
    if (!line.includes("|")) {
      if (line.trim()) {
        units.push(...split(line));
        free.push(...quantities(line));
      }
      lastWasHeader = false;
      continue;
    }
    units.push(line.trim());
    const [label = "", ...values] = cellsOf(line);
    free.push(...quantities(label));
    if (isHeader(values)) {
      // Consecutive header rows stack ("Technology" over "Programs"); a new block replaces the old.
      header = lastWasHeader ? [...header, values] : [values];
      group = "";
      lastWasHeader = true;
      for (const v of values) free.push(...quantities(v));
      continue;
    }
    lastWasHeader = false;
    // A label with no values heads the rows below it ("Year Ended December 31, 2021 | | |").
    if (filled(values).length === 0) {
      group = label;
      continue;
    }
    const columns = columnHeads(header, values.length);
    const distinctive = distinctiveTerms(columns.map((c) => c.terms));
    const labelTerms = new Set(words(label));
    const rowYears = [...yearsIn(label), ...yearsIn(group)];
    values.forEach((v, j) => {
      const col = columns[j] ?? { terms: new Set<string>(), years: new Set<string>() };
      const years = new Set([...col.years, ...rowYears]);
      for (const q of quantities(v))
        cells.push({ q, label: labelTerms, header: col.terms, distinctive, years });
    });
  }
  return { free, cells, units };
}

/**
 * Header words and years per value column. A header row with a cell per column and two or more
 * filled is aligned; a shorter or sparser one ("| Year Ended December 31, |") spans, so its words
 * head every column.
 */
function columnHeads(header: readonly string[][], width: number) {
  const cols = Array.from({ length: width }, () => ({ terms: new Set<string>(), years: new Set<string>() }));
  for (const row of header) {
    const aligned = row.length === width && filled(row).length >= 2;
    cols.forEach((col, j) => {
      const cells = aligned ? [row[j] ?? ""] : row;
      for (const c of cells) {
        for (const t of words(c)) col.terms.add(t);
        for (const y of yearsIn(c)) col.years.add(y);
      }
    });
  }
  return cols;
}

function distinctiveTerms(columns: readonly ReadonlySet<string>[]): Set<string> {
  const out = new Set<string>();
  for (const col of columns) for (const t of col) if (columns.some((c) => !c.has(t))) out.add(t);
  return out;
}

/**
 * Why a cell does not state the sentence's value, or null when it does: the row label is in the
 * sentence (one word of a short label, two of a longer one); the column words the sentence pairs
 * with this value (those nearest to it) head the cell's column; and the years it pairs with it
 * date the cell (column, row or group), so a wrong column's value fails.
 */
export function cellMismatch(cell: Cell, said: Quantity, sentence: SentenceSide): string | null {
  const others = sentence.amounts;
  const hits = [...cell.label].filter((t) => sentence.termSet.has(t)).length;
  // A label in a script the sentence does not write (an English row, a Russian answer) cannot be matched.
  const cyr = (t: string) => /\p{Script=Cyrillic}/u.test(t);
  const comparable = [...cell.label].some((l) => [...sentence.termSet].some((t) => cyr(t) === cyr(l)));
  if (comparable && hits < Math.min(2, Math.ceil(cell.label.size / 2)))
    return `${said.raw} sits in a row whose label the sentence does not name`;
  const respectively = /\brespectively\b|соответственно/i.test(sentence.text);
  const closest = (at: number) => respectively || ownerOf(at, others, sentence.text) === said;
  const named = sentence.placed
    .filter((p) => cell.distinctive.has(p.term) && closest(p.at))
    .map((p) => p.term);
  const missing = named.filter((t) => !cell.header.has(t));
  if (missing.length > 0 && !(respectively && missing.length < named.length))
    return `${said.raw} is in a column headed ${[...cell.header].join(" ") || "(none)"}, not ${missing.join(" ")}`;
  const years = sentence.said.filter((q) => q.year && closest(q.at)).map((q) => q.raw.replace(/\D/g, ""));
  if (years.length > 0 && cell.years.size > 0 && !years.some((y) => cell.years.has(y)))
    return `${said.raw} is the ${[...cell.years].join("/")} figure, not ${years.join("/")}`;
  return null;
}
