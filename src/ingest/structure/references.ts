import type { RefReason } from "../../domain/graph-edge.js";
import { normNumber, titleKey } from "./ref-keys.js";

export type RefKind =
  | "note"
  | "item"
  | "section"
  | "table"
  | "figure"
  | "appendix"
  | "chapter"
  | "page"
  | "part"
  | "title";

export interface RefMention {
  kind: RefKind;
  /** Lookup key, e.g. "note:7", "table:2-1", "page:12". */
  key: string;
  /** The text as written, e.g. "see Note 7". */
  locator: string;
  reason: RefReason;
  index: number;
}

const NUM = String.raw`[A-Z]?\d+(?:[.\-–]\d+)*`;
/** Capitalised forms only for words that are also common nouns ("item", "note", "table"). */
const PATTERNS: Array<{ kind: RefKind; re: RegExp }> = [
  { kind: "note", re: /\b(?:Note|NOTE)s?\s+(\d{1,3})\b/g },
  { kind: "item", re: /\b(?:Item|ITEM)s?\s+(\d{1,2}[A-C]?)\b/g },
  { kind: "section", re: /(?:\b[Ss]ections?|\bSECTION|\bSect\.|§)\s*(\d{1,2}(?:\.\d{1,2})*)\b/g },
  { kind: "table", re: new RegExp(String.raw`\b(?:Table|TABLE|Tab\.)s?\s+(${NUM})`, "g") },
  { kind: "figure", re: new RegExp(String.raw`\b(?:Figure|FIGURE|Figs?\.)s?\s+(${NUM})`, "g") },
  { kind: "appendix", re: /\b(?:Appendix|APPENDIX|Annex|ANNEX)\s+([A-Z]|\d{1,2})\b/g },
  { kind: "chapter", re: /\b(?:Chapter|CHAPTER)\s+(\d{1,2})\b/g },
  { kind: "part", re: /\b(?:Part|PART)\s+([IVX]{1,4})\b/g },
  { kind: "page", re: /\b(?:on |see |at )?(?:page|p\.)\s+(\d{1,4})\b/gi },
  // Russian forms (any case ending): "см. раздел 2", "в таблице 1", "рис. 3", "приложение А", "стр. 12".
  {
    kind: "section",
    re: /(?<!\p{L})(?:[Рр]азд(?:ел|еле|ела|елу)?\.?|[Пп]ункт[еау]?|п\.)\s*(\d{1,2}(?:\.\d{1,2})*)(?!\p{L})/gu,
  },
  { kind: "table", re: /(?<!\p{L})[Тт]абл(?:ица|ицы|ице|ицу|ицей|\.)\s*(\d+(?:[.\-–]\d+)*)/gu },
  { kind: "figure", re: /(?<!\p{L})[Рр]ис(?:унок|унке|унка|унку|\.)\s*(\d+(?:[.\-–]\d+)*)/gu },
  { kind: "appendix", re: /(?<!\p{L})[Пп]риложени(?:е|и|я|ю)\s+(\p{Lu}|\d{1,2})(?!\p{L})/gu },
  { kind: "chapter", re: /(?<!\p{L})[Гг]лав(?:а|е|ы|у)\s+(\d{1,2})(?!\p{L})/gu },
  { kind: "note", re: /(?<!\p{L})[Пп]римечани(?:е|и|я)\s+(\d{1,3})(?!\p{L})/gu },
  { kind: "page", re: /(?<!\p{L})(?:стр\.|страниц[аеуы])\s*(\d{1,4})(?!\p{L})/giu },
  // Named sections: "see the Flightcrew Training section", "refer to the Risk Factors section".
  {
    kind: "title",
    re: /\b(?:[Ss]ee|[Rr]efer to|[Dd]escribed in|[Dd]iscussed in)\s+(?:the\s+)?((?:[A-Z][\w’'&-]*\s+){1,7})(?:section|Section|chapter)\b/g,
  },
];

const DEFINED = /(?:defined|definition|as set forth|определ\p{L}*\s+в)\s+(?:in|at|under)?\s*$/iu;
const DETAILED =
  /(?:\bsee(?:\s+also)?|(?<!\p{L})см\.|подробн\p{L}*\s+в|описан\p{L}*\s+в|приведен\p{L}*\s+в|refer(?:\s+to)?|detailed\s+in|described\s+in|discussed\s+in|explained\s+in|included\s+in|presented\s+in|set\s+forth\s+in|details?\s+(?:in|at)|information\s+(?:in|at))\s*(?:the\s+)?(?:\w+\s+){0,2}$/iu;

function reasonFor(before: string): RefReason {
  if (DEFINED.test(before)) return "DEFINED_IN";
  if (DETAILED.test(before)) return "DETAILED_IN";
  return "REFERENCED_IN";
}

/** Every cross-reference mention in a text, in order of appearance. */
export function findReferences(text: string): RefMention[] {
  const found: RefMention[] = [];
  for (const { kind, re } of PATTERNS) {
    for (const m of text.matchAll(re)) {
      const index = m.index ?? 0;
      const raw = m[1] ?? "";
      // The cue may sit inside the match ("See Flightcrew Training section"): read up to the label.
      const cue = kind === "title" ? m[0].slice(0, m[0].indexOf(raw)) : "";
      const before = text.slice(Math.max(0, index - 60), index) + cue;
      // "Part II, Item 7" style locators keep their context; bare numbers are normalised.
      found.push({
        kind,
        key: kind === "title" ? titleKey(raw) : `${kind}:${normNumber(raw)}`,
        locator: m[0].trim(),
        reason: reasonFor(before),
        index,
      });
    }
  }
  return found.sort((a, b) => a.index - b.index);
}
