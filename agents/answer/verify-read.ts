import { citationAddress, type Evidence } from "../../src/retrieval/context-bundle.js";
import { contentTerms, entities, splitSentences } from "../text.js";
import { quotedNames, withoutCues } from "./verify-negation.js";
import { months, type Quantity, quantities } from "./verify-numbers.js";
import { type TableRecord, tableRecords } from "./verify-record.js";
import { type PassageFacts, readPassage } from "./verify-table.js";

/**
 * What the verifier reads once: each passage (words, quantities, table cells, lines) and each
 * sentence (words, quantities, names), so checking one sentence against many passages, as a
 * revision does, repeats none of it.
 */

/** One passage, read once per verification: its text, words, quantities, cells and lines. */
export interface ReadEvidence extends PassageFacts {
  sid: string;
  /** Its text tables' rows as label → value records (verify-record.ts). */
  records: TableRecord[];
  /** Words of each unit, as lineTerms gives them (read on first use: only passing sentences need them). */
  unitTerms(): ReadonlyArray<ReadonlySet<string>>;
  /** Text, title, headings and file name, lower case: where names are looked for. */
  lower: string;
  /** The same without footnote marks glued to words ("Ponemon Institute2" → "ponemon institute"). */
  unnoted: string;
  terms: ReadonlySet<string>;
  months: ReadonlySet<number>;
  /** Scripts its words are in: a Russian sentence's words can only be checked against Cyrillic text. */
  cyrillic: boolean;
  latin: boolean;
  /** Names holding a negation word ('"No One"', a title "No Time to Lose"): names, not negations. */
  titles: string[];
}

export function readEvidence(
  e: Pick<Evidence, "sid" | "text"> & Partial<Pick<Evidence, "title" | "heading_path" | "citation">>,
): ReadEvidence {
  // The title, headings and file name belong to what a citation shows ("uber_2021_form10k.pdf").
  const where = e.citation ? citationAddress(e.citation) : "";
  const context = `${e.title ?? ""}\n${(e.heading_path ?? []).join("\n")}\n${where.replace(/%20/g, " ")}`;
  const facts = readPassage(e.text, splitSentences);
  const lower = `${e.text}\n${context}`.normalize("NFKC").toLowerCase();
  let unitTerms: Set<string>[] | undefined;
  return {
    ...facts,
    // A number a heading states ("0.1.3", "2025 Notes") is stated for every line under it.
    free: [...facts.free, ...quantities((e.heading_path ?? []).join("\n"))],
    sid: e.sid,
    records: tableRecords(e.text),
    unitTerms: () => {
      unitTerms ??= facts.units.map(lineTerms);
      return unitTerms;
    },
    lower,
    unnoted: lower.replace(/(\p{Ll})\d{1,2}(?=[^\p{L}\p{N}]|$)/gu, "$1"),
    terms: new Set(contentTerms(`${e.text}\n${context}`)),
    months: new Set(months(e.text)),
    cyrillic: /\p{Script=Cyrillic}/u.test(e.text),
    latin: /\p{Script=Latin}/u.test(e.text),
    titles: [...quotedNames(e.text), ...quotedNames(`"${(e.title ?? "").replace(/\s*\([^)]*\)$/, "")}"`)],
  };
}

/** One sentence, read once: its text without [S#], what it cites, its words, quantities and names. */
export interface ReadSentence {
  text: string;
  cites: string[];
  /** Content stems, numbers and framing words apart. */
  terms: string[];
  termSet: ReadonlySet<string>;
  said: Quantity[];
  /** Quantities that are amounts (not years, not days of a date). */
  amounts: Quantity[];
  months: number[];
  names: string[];
  lineTerms: string[];
  /** Stems with their offsets, to pair table column words with the nearest value. */
  placed: Array<{ term: string; at: number }>;
}

/** Framing words an answer adds around a fact ("according to", "reported", "approximately", "rose from … to"). */
const FRAME =
  /^(?:accord|report|state|say|said|show|mention|approxim|about|around|roughli|respect|thousand|million|billion|trillion|bn|mn|тыс|млн|млрд|rose|rise|fell|fall|grew|grow|increas|decreas|declin|up|down|higher|lower|chang|compar)$/;
const CITE_MARK = /\s*\[(S\d+)\]/g;

/** The sentence's text without [S#] markers, and every S# it cites (listed or inline). */
export function citedText(text: string, cites: readonly string[]): { text: string; cites: string[] } {
  const inline = [...text.matchAll(CITE_MARK)].map((m) => m[1] as string);
  return { text: text.replace(CITE_MARK, "").trim(), cites: [...new Set([...cites, ...inline])] };
}

export function readSentence(sentence: { text: string; cites: readonly string[] }): ReadSentence {
  const { text, cites } = citedText(sentence.text, sentence.cites);
  const terms = contentTerms(withoutCues(text)).filter((t) => !/^\d+$/.test(t) && !FRAME.test(t));
  const said = quantities(text);
  const placed: Array<{ term: string; at: number }> = [];
  for (const m of text.matchAll(/[\p{L}\p{N}]+/gu))
    for (const term of contentTerms(m[0])) placed.push({ term, at: m.index ?? 0 });
  return {
    text,
    cites,
    terms,
    termSet: new Set(terms),
    said,
    amounts: said.filter((q) => !q.year && !q.day),
    months: months(text),
    names: names(text),
    lineTerms: [...lineTerms(text)],
    placed,
  };
}

/** Names a sentence makes: entities() without a lone capitalised first word ("Total", "Diluted"). */
function names(text: string): string[] {
  const first = /^[^\p{L}]*(\p{L}+)/u.exec(text)?.[1] ?? "";
  const plainFirst = /^\p{Lu}\p{Ll}+$/u.test(first) ? first.toLowerCase() : "";
  return entities(text).filter((n) => n !== plainFirst && !/^\d+$/.test(n));
}

/** Words for matching lines: a code identifier ("VERIFY_GROUP_FOR_USER") counts once, other words by stem. */
export function lineTerms(text: string): Set<string> {
  const ids = text.match(IDENTIFIER) ?? [];
  const rest = ids.length ? text.replace(IDENTIFIER, " ") : text;
  return new Set([...ids.map((i) => i.toLowerCase()), ...contentTerms(rest).filter((t) => !/^\d+$/.test(t))]);
}
const IDENTIFIER = /[\p{L}\p{N}]+(?:_[\p{L}\p{N}]+)+/gu;
