import { isoOf } from "./iso-date.js";

/** Month names (English, Russian genitive/nominative stems) → month number. */
const MONTHS: ReadonlyArray<[RegExp, number]> = [
  [/^(jan|январ)/, 1],
  [/^(feb|феврал)/, 2],
  [/^(mar|март)/, 3],
  [/^(apr|апрел)/, 4],
  [/^(may|ма[йя])/, 5],
  [/^(jun|июн)/, 6],
  [/^(jul|июл)/, 7],
  [/^(aug|август)/, 8],
  [/^(sep|сентябр)/, 9],
  [/^(oct|октябр)/, 10],
  [/^(nov|ноябр)/, 11],
  [/^(dec|декабр)/, 12],
];
const MONTH =
  "(january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec|января|февраля|марта|апреля|мая|июня|июля|августа|сентября|октября|ноября|декабря|январь|февраль|март|апрель|май|июнь|июль|август|сентябрь|октябрь|ноябрь|декабрь)";
const YEAR = "(1[5-9]\\d{2}|20\\d{2})";
const NB = "(?<![\\p{L}\\p{N}$€£.,])";
const NA = "(?![\\p{L}\\p{N}]|[.,]\\d|%)";

const PATTERNS: ReadonlyArray<{ re: RegExp; read: (m: RegExpExecArray) => string | undefined }> = [
  // 2023-10-31 (also the date of a timestamp)
  { re: new RegExp(`${NB}${YEAR}-(\\d{2})-(\\d{2})(?!\\d)`, "gu"), read: (m) => day(m[1], m[2], m[3]) },
  // October 31, 2023 / Oct. 31st 2023
  {
    re: new RegExp(`${NB}${MONTH}\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+${YEAR}${NA}`, "giu"),
    read: (m) => day(m[3], month(m[1]), m[2]),
  },
  // 31 October 2023 / 31 октября 2023
  {
    re: new RegExp(`${NB}(\\d{1,2})\\s+${MONTH}\\.?,?\\s+${YEAR}${NA}`, "giu"),
    read: (m) => day(m[3], month(m[2]), m[1]),
  },
  // October 2023 / октябрь 2023
  {
    re: new RegExp(`${NB}${MONTH}\\.?,?\\s+${YEAR}${NA}`, "giu"),
    read: (m) => {
      const mo = month(m[1]);
      return mo && m[2] ? isoOf(Number(m[2]), mo) : undefined;
    },
  },
  // a bare year: "in 1946", "в 2015 году"
  { re: new RegExp(`${NB}${YEAR}${NA}`, "gu"), read: (m) => m[1] },
];

const YEARLESS = {
  // October 18th (a question's "on October 1st"): the year is unknown, kept as ISO "--10-18"
  re: new RegExp(`${NB}${MONTH}\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?${NA}`, "giu"),
  read: (m: RegExpExecArray) => {
    const [mo, dd] = [month(m[1]), Number(m[2])];
    return mo && dd >= 1 && dd <= 31 ? `--${isoOf(2000, mo, dd).slice(5)}` : undefined;
  },
};

/** A date a text states and where: `iso` at the stated precision. */
export interface DateSpan {
  iso: string;
  index: number;
  end: number;
}

/** Date expressions in reading order, the fullest reading of each span first; `yearless` adds "October 18th". */
export function scanDates(text: string, options: { yearless?: boolean } = {}): DateSpan[] {
  const spans: DateSpan[] = [];
  const patterns = options.yearless ? [...PATTERNS.slice(0, 4), YEARLESS, PATTERNS[4]] : PATTERNS;
  for (const p of patterns) {
    if (!p) continue;
    p.re.lastIndex = 0;
    for (let m = p.re.exec(text); m; m = p.re.exec(text)) {
      const index = m.index;
      const end = index + m[0].length;
      if (spans.some((s) => index < s.end && end > s.index)) continue;
      const iso = p.read(m);
      if (iso) spans.push({ iso, index, end });
    }
  }
  return spans.sort((a, b) => a.index - b.index);
}

/** How many dates a chunk keeps: the earliest and latest ones always stay. */
export const MAX_TEXT_DATES = 12;

/**
 * Dates a text states, as sorted unique ISO strings at the stated precision ("1946",
 * "2023-10", "2023-10-31"); a year or month already inside a fuller date is not repeated.
 * Regex only (cheap enough to run on every chunk at ingest). Pure.
 */
export function textDates(text: string): string[] {
  const sorted = [...new Set(scanDates(text).map((s) => s.iso))].sort();
  // Drop a year or month that a fuller date in the same text already states.
  const kept = sorted.filter((d) => !sorted.some((o) => o.length > d.length && o.startsWith(d)));
  if (kept.length <= MAX_TEXT_DATES) return kept;
  const half = MAX_TEXT_DATES / 2;
  return [...kept.slice(0, half), ...kept.slice(-half)];
}

/** Month number of a month name (English or Russian), if it is one. */
export function month(name: string | undefined): number | undefined {
  const n = (name ?? "").toLowerCase();
  return MONTHS.find(([re]) => re.test(n))?.[1];
}

function day(
  y: string | undefined,
  m: string | number | undefined,
  d: string | undefined,
): string | undefined {
  const [year, mo, dd] = [Number(y), Number(m), Number(d)];
  if (!year || !(mo >= 1 && mo <= 12) || !(dd >= 1 && dd <= 31)) return undefined;
  return isoOf(year, mo, dd);
}
