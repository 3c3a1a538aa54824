import type { Line } from "./types.js";

/** Footnote text is set clearly smaller than the page's body text. */
const NOTE_RATIO = 0.88;
const MARKER = /^(?:\d{1,3}|[*†‡§¶]|\(\d{1,3}\)|\[\d{1,3}\])(?:\s|$|[A-Za-z])/;

/**
 * Marks footnotes: at the bottom of a column, a run of small lines under body text that
 * opens with a note marker ("1", "*", "(2)") or sits apart from the text above (a notice
 * box). `body` is the body font size around the page. Paragraphs broken by footnotes read
 * on past them.
 */
export function markFootnotes(lines: readonly Line[], body: number): void {
  const byRegion = new Map<number, Line[]>();
  for (const l of lines) byRegion.set(l.region, [...(byRegion.get(l.region) ?? []), l]);
  for (const region of byRegion.values()) {
    let start = region.length;
    while (start > 0 && (region[start - 1]?.style.size ?? body) <= body * NOTE_RATIO) start--;
    // The run must follow body text and open with a marker or after a clear gap (a notice box).
    const first = region[start];
    const above = region[start - 1];
    const apart = first && above && first.top - above.bottom >= above.style.size;
    if (!apart) while (start < region.length && !MARKER.test(region[start]?.text ?? "")) start++;
    if (start === 0 || start >= region.length) continue;
    for (const l of region.slice(start)) l.note = true;
  }
}
