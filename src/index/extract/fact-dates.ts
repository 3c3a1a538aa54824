import * as chrono from "chrono-node";
import type { Language } from "../../domain/text/analyzer.js";

/** When a sentence dates its fact: ISO dates as precise as the text ("1946", "2018-06", "1982-12-08"). */
export interface FactDates {
  valid_from?: string;
  valid_to?: string;
}

const YEAR = "(1[0-9]{3}|20[0-9]{2})";
const parsers: Record<Language, chrono.Chrono> = { en: chrono.casual, ru: chrono.ru.casual };

/** Year-only patterns chrono does not read ("in 1946", "from 1990 to 1995", "в 2015 году"). */
const RANGE = [
  new RegExp(String.raw`\b(?:from|between)\s+${YEAR}\s+(?:to|and|until|till)\s+${YEAR}\b`, "iu"),
  new RegExp(String.raw`(?<![\p{L}\p{N}])с\s+${YEAR}\s+(?:года\s+)?по\s+${YEAR}`, "iu"),
  new RegExp(String.raw`\(\s*${YEAR}\s*[–—-]\s*${YEAR}\s*\)`, "u"),
];
const FROM = [
  new RegExp(String.raw`\b(?:in|since|from|born|founded|established)\s+${YEAR}\b`, "iu"),
  new RegExp(String.raw`(?<![\p{L}\p{N}])(?:в|с)\s+${YEAR}\s+год`, "iu"),
];
const TO = [
  new RegExp(String.raw`\b(?:until|till|died)\s+${YEAR}\b`, "iu"),
  new RegExp(String.raw`(?<![\p{L}\p{N}])до\s+${YEAR}\s+год`, "iu"),
];

/**
 * Dates that time-stamp the fact a sentence states: a range gives both ends, "until"/"died"
 * the end, any other dated sentence its start. chrono reads full dates (and needs a year
 * stated, never the reference year it would imply); bare years are read by pattern. Pure.
 */
export function factDates(sentence: string, language: Language): FactDates {
  // Every way below to a date needs a digit (chrono's results are kept only with one): most
  // sentences have none, and chrono is a third of relation extraction.
  if (!/\d/.test(sentence)) return {};
  for (const re of RANGE) {
    const m = re.exec(sentence);
    if (m?.[1] && m[2]) return { valid_from: m[1], valid_to: m[2] };
  }
  const dated = parsers[language]
    .parse(sentence, new Date(Date.UTC(2000, 0, 1)))
    .filter((r) => r.start.isCertain("year") && /\d/.test(r.text));
  const first = dated[0];
  if (first) {
    const before = sentence.slice(Math.max(0, first.index - 12), first.index);
    const end = first.end ? { valid_to: isoOf(first.end) } : {};
    if (/\b(until|till|died|d\.)\s*$|до\s*$/iu.test(before)) return { valid_to: isoOf(first.start) };
    return { valid_from: isoOf(first.start), ...end };
  }
  for (const re of TO) {
    const m = re.exec(sentence);
    if (m?.[1]) return { valid_to: m[1] };
  }
  for (const re of FROM) {
    const m = re.exec(sentence);
    if (m?.[1]) return { valid_from: m[1] };
  }
  return {};
}

function isoOf(c: chrono.ParsedComponents): string {
  const pad = (n: number | null) => String(n ?? 1).padStart(2, "0");
  const year = String(c.get("year") ?? "").padStart(4, "0");
  if (!c.isCertain("month")) return year;
  if (!c.isCertain("day")) return `${year}-${pad(c.get("month"))}`;
  return `${year}-${pad(c.get("month"))}-${pad(c.get("day"))}`;
}
