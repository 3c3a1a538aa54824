import type { Line } from "./types.js";

const BULLET =
  /^(?:[•▪‣◦●○■□◆◇►▶✓✔·*]|[-–—](?=\s)|\(?[a-z]\)|\(\d{1,2}\)|\d{1,2}[.)](?=\s)|\(?[ivx]{1,4}\))\s*/i;
const TERMINAL = /[.!?:]["”’)\]]*$/;
/** Dot leaders of a table of contents: ". . . . ." or "......". */
const LEADER = /(?:\s?[.·…]){4,}\s?/g;

/** A table-of-contents line: text, dot leader, page number. */
export const hasLeader = (text: string): boolean => /(?:\s?[.·…]){4,}\s?\S*$/.test(text);

/** A list item marker at the start of a line: bullets, "(a)", "1.", "(iv)". */
export const startsItem = (text: string): boolean => BULLET.test(text);

/** A line with a bullet glyph proper (not "(a)" or "1."): these runs become list blocks. */
export const bulletGlyph = (text: string): boolean => /^[•▪‣◦●○■□◆◇►▶✓✔·]/.test(text);

/**
 * Typical baseline distance divided by font size, per rounded size: the leading that
 * paragraph gaps are measured against.
 */
export function lineLeading(lines: readonly Line[]): Map<number, number> {
  const votes = new Map<number, Map<number, number>>();
  for (let i = 1; i < lines.length; i++) {
    const [a, b] = [lines[i - 1], lines[i]];
    if (!a || !b || a.region !== b.region || Math.abs(a.style.size - b.style.size) > 0.2) continue;
    const ratio = Math.round(((b.base - a.base) / b.style.size) * 20) / 20;
    if (ratio < 0.9 || ratio > 2) continue;
    const size = Math.round(b.style.size);
    const v = votes.get(size) ?? new Map<number, number>();
    v.set(ratio, (v.get(ratio) ?? 0) + 1);
    votes.set(size, v);
  }
  const leading = new Map<number, number>();
  for (const [size, v] of votes) {
    const best = [...v.entries()].sort((x, y) => y[1] - x[1] || x[0] - y[0])[0];
    if (best) leading.set(size, best[0]);
  }
  return leading;
}

/** No paragraph gap between two lines of the same column: the baseline step is the usual leading. */
export function tightPitch(prev: Line, line: Line, leading: Map<number, number>): boolean {
  const pitch = line.base - prev.base;
  const normal = (leading.get(Math.round(line.style.size)) ?? 1.2) * line.style.size;
  return pitch > 0 && pitch <= normal * 1.25 + 0.5;
}

const indented = (l: Line) => l.x0 - l.regionX0 > 0.6 * l.style.size;
const atMargin = (l: Line) => l.x0 - l.regionX0 < 0.3 * l.style.size;

/**
 * Whether `line` continues the paragraph that ends with `prev`. Within a column: no
 * paragraph gap, same size, no new first-line indent or list marker, and `prev` is not a
 * short line closing a sentence. Across a column or page break: the sentence visibly
 * goes on (no closing punctuation, and a lower-case start or a dangling word before).
 */
export function continuesParagraph(prev: Line, line: Line, leading: Map<number, number>): boolean {
  const size = Math.max(prev.style.size, line.style.size);
  if (Math.abs(prev.style.size - line.style.size) > 0.15 * size) return false;
  if (startsItem(line.text) || hasLeader(prev.text)) return false;
  if (prev.region !== line.region) {
    if (TERMINAL.test(prev.text) || indented(line)) return false;
    return /^\p{Ll}/u.test(line.text) || /(?:[-,;(]|\b\p{Ll}+)$/u.test(prev.text);
  }
  if (!tightPitch(prev, line, leading)) return false;
  if (indented(line) && atMargin(prev)) return false;
  const width = prev.regionX1 - prev.regionX0;
  const short = prev.x1 < prev.regionX1 - 0.15 * width;
  return !(short && TERMINAL.test(prev.text));
}

/** Hyphenated words written within lines ("forward-looking"), lower-cased: kept when wrapped. */
export function hyphenatedWords(lines: readonly Line[]): Set<string> {
  const words = new Set<string>();
  for (const line of lines) {
    for (const m of line.text.matchAll(/\p{L}+-\p{L}+/gu)) words.add(m[0].toLowerCase());
  }
  return words;
}

/**
 * Joins wrapped lines. A hyphen at a line end between lower-case letters is a word break
 * and goes, unless the document writes that compound with a hyphen elsewhere.
 */
export function joinLines(texts: readonly string[], compounds: ReadonlySet<string> = new Set()): string {
  let out = "";
  for (const raw of texts) {
    const text = raw.replace(LEADER, " … ").replace(/\s+/g, " ").trim();
    if (text === "") continue;
    if (out === "") out = text;
    else if (/\p{Ll}-$/u.test(out) && /^\p{Ll}/u.test(text)) {
      const left = /\p{L}+-$/u.exec(out)?.[0] ?? "";
      const right = /^\p{L}+/u.exec(text)?.[0] ?? "";
      const keep = compounds.has(`${left}${right}`.toLowerCase());
      out = keep ? out + text : out.slice(0, -1) + text;
    } else if (/[\p{L}\p{N}][-–‐]$/u.test(out) || /\/$/.test(out)) out += text;
    else out += ` ${text}`;
  }
  return out;
}
