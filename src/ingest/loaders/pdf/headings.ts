import { captionStart } from "./captions.js";
import { isPageNumber } from "./running-lines.js";
import type { Line, Style } from "./types.js";

export interface BodyStyle {
  size: number;
  bold: boolean;
}

/** Pages either side whose text votes on a page's body style. */
const BODY_WINDOW = 3;

type SizeVotes = Map<number, { chars: number; bold: number }>;

function pickBody(votes: SizeVotes): BodyStyle {
  let best = { size: 10, chars: -1, bold: 0 };
  for (const [size, e] of votes) if (e.chars > best.chars) best = { size, ...e };
  return { size: best.size, bold: best.bold > best.chars / 2 };
}

/**
 * The body text style around each page: the most common size by character count (and
 * whether it is bold) over a few pages either side. Local, because a filing may append
 * exhibits set in another size; headings are judged against the text around them.
 */
export function bodyStyles(lines: readonly Line[]): Map<number, BodyStyle> {
  const perPage = new Map<number, SizeVotes>();
  for (const line of lines) {
    const votes = perPage.get(line.page) ?? new Map();
    perPage.set(line.page, votes);
    for (const run of line.cells.flatMap((c) => c.runs)) {
      const size = Math.round(run.size * 2) / 2;
      const chars = run.text.replace(/\s/g, "").length;
      const entry = votes.get(size) ?? { chars: 0, bold: 0 };
      entry.chars += chars;
      if (run.bold) entry.bold += chars;
      votes.set(size, entry);
    }
  }
  const result = new Map<number, BodyStyle>();
  for (const page of perPage.keys()) {
    const sum: SizeVotes = new Map();
    for (let p = page - BODY_WINDOW; p <= page + BODY_WINDOW; p++) {
      for (const [size, e] of perPage.get(p) ?? []) {
        const acc = sum.get(size) ?? { chars: 0, bold: 0 };
        acc.chars += e.chars;
        acc.bold += e.bold;
        sum.set(size, acc);
      }
    }
    result.set(page, pickBody(sum));
  }
  return result;
}

export const TRAILING_FUNCTION_WORD =
  /(?:^|\s)(?:and|or|of|the|to|in|for|with|a|an|by|on|at|as|from|that|which)$/i;

const isCaps = (text: string): boolean => /\p{Lu}.*\p{Lu}/u.test(text) && text === text.toUpperCase();

const strong = (size: number, bold: boolean, body: BodyStyle): boolean =>
  size >= body.size * 1.15 || (size >= body.size * 0.92 && bold && !body.bold);

/**
 * A heading line stands out: bigger than body text, or body-sized but bold where body is
 * not; its runs may mix such styles ("Chapter 1." + title) but not plain body text.
 */
export function headingStyle(line: Line, body: BodyStyle): boolean {
  if (!strong(line.style.size, line.style.bold, body)) return false;
  let total = 0;
  let strongChars = 0;
  for (const run of line.cells.flatMap((c) => c.runs)) {
    const chars = run.text.replace(/\s/g, "").length;
    total += chars;
    // Bold label runs at any size ("Chapter 1." set small beside the title) do not dilute it.
    if (strong(run.size, run.bold, body) || (run.bold && !body.bold)) strongChars += chars;
  }
  return strongChars >= total * 0.9;
}

/**
 * Guards against false headings: numbers, page numbers, sentences, cells, figure captions.
 * `complete` is false for the first line of a heading that may wrap onto the next.
 */
export function headingText(text: string, complete = true): boolean {
  const t = text.trim();
  if (t.length < 2 || t.length > 160) return false;
  const letters = t.match(/\p{L}/gu)?.length ?? 0;
  const digits = t.match(/\d/g)?.length ?? 0;
  if (letters < 2 || digits > t.replace(/\s/g, "").length * 0.4 || isPageNumber(t)) return false;
  const words = t.split(/\s+/).length;
  // Three commas or more make a list of names or terms, not a title.
  const commas = t.match(/,/g)?.length ?? 0;
  if (words > 18 || commas >= 3 || /^\p{Ll}/u.test(t) || /^\([^()]*\)$/.test(t)) return false;
  if (!complete) return captionStart(t) === undefined;
  // A bold sentence ending in a full stop is emphasis, unless short ("Basis of Presentation.").
  if (/[,;]$/.test(t) || (/[.!?]$/.test(t) && words > 6)) return false;
  // Broken-off text: ends on a function word, or closes a bracket or quote it never opened.
  if (TRAILING_FUNCTION_WORD.test(t)) return false;
  const count = (re: RegExp) => t.match(re)?.length ?? 0;
  if (count(/\)/g) > count(/\(/g) || count(/”/g) > count(/“/g)) return false;
  return captionStart(t) === undefined;
}

/** Multi-cell lines are table rows, except "1." + "Introduction" with a wide gap. */
export function headingCells(line: Line): boolean {
  if (line.cells.length === 1) return true;
  return line.cells.length === 2 && (line.cells[0]?.text.length ?? 99) <= 12;
}

export interface HeadingDraft {
  text: string;
  page: number;
  style: Style;
  /** Font size relative to the body text around it. */
  ratio: number;
  caps: boolean;
  level?: number;
  /** Cleared when a document-wide guard rejects the heading. */
  accepted: boolean;
}

export const isCapsText = isCaps;

export function headingDraft(lines: readonly Line[], text: string, body: BodyStyle): HeadingDraft {
  const style = lines[0]?.style ?? { size: 0, bold: false, italic: false, uniformity: 1 };
  const ratio = body.size > 0 ? style.size / body.size : 1;
  return { text, page: lines[0]?.page ?? 0, style, ratio, caps: isCaps(text), accepted: true };
}

const styleKey = (h: HeadingDraft): string =>
  `${Math.round(h.ratio * 10) / 10}|${h.style.bold}|${h.style.italic}|${h.caps}`;
// Relative size first (a tenth of body size outweighs all else), then weight, capitals, upright.
const styleScore = (h: HeadingDraft): number =>
  Math.round(h.ratio * 10) * 5 + (h.style.bold ? 3 : 0) + (h.caps ? 1.5 : 0) - (h.style.italic ? 0.5 : 0);

/**
 * Rejects repeated all-caps lines (running titles that escaped the header filter) and any
 * text repeated five times or more, then ranks the remaining heading styles: the strongest
 * recurring style is level 1, the next level 2, the rest 3. A one-off style (a title) gets
 * the level of the recurring styles it outranks.
 */
export function rankHeadings(headings: readonly HeadingDraft[]): void {
  const repeats = new Map<string, number>();
  const norm = (t: string) => t.toLowerCase().replace(/\d+/g, "#").replace(/\s+/g, " ");
  for (const h of headings) repeats.set(norm(h.text), (repeats.get(norm(h.text)) ?? 0) + 1);
  for (const h of headings) {
    const n = repeats.get(norm(h.text)) ?? 0;
    if ((h.caps && n >= 3) || n >= 5) h.accepted = false;
  }
  const kept = headings.filter((h) => h.accepted);
  // A style recurs when it is used on two pages or more: a cover page's sizes do not rank.
  const pages = new Map<string, { score: number; pages: Set<number> }>();
  for (const h of kept) {
    const e = pages.get(styleKey(h)) ?? { score: styleScore(h), pages: new Set<number>() };
    e.pages.add(h.page);
    pages.set(styleKey(h), e);
  }
  const recurs = (key: string) => (pages.get(key)?.pages.size ?? 0) >= 2;
  const ranks = [...new Set([...pages].filter(([k]) => recurs(k)).map(([, e]) => e.score))].sort(
    (a, b) => b - a,
  );
  for (const h of kept) {
    const score = styleScore(h);
    const rank = recurs(styleKey(h)) ? ranks.indexOf(score) + 1 : 1 + ranks.filter((r) => r > score).length;
    h.level = Math.min(3, Math.max(1, rank));
  }
}
