import type { BlockInput, BlockType } from "../../parsed-document.js";
import type { HeadingDraft } from "./headings.js";
import type { Line } from "./types.js";

/** A block before document-wide passes (caption attachment, heading ranks) settle it. */
export interface Draft {
  type: BlockType;
  lines: Line[];
  text: string;
  caption?: string;
  captionKind?: "table" | "figure";
  heading?: HeadingDraft;
}

export interface PageSize {
  width: number;
  height: number;
}

const samePage = (a: Draft | undefined, b: Draft) => a?.lines.at(-1)?.page === b.lines[0]?.page;
const shortLabel = (d: Draft | undefined) => d?.type === "paragraph" && d.text.split(/\s+/).length <= 6;

/**
 * Captions join the table next to them (after it, or before it; a column-head label may
 * sit between caption and table). Figure captions become figure blocks; a table caption
 * with no table in reach stays a caption block.
 */
export function attachCaptions(drafts: readonly Draft[]): Draft[] {
  const out: Draft[] = [];
  for (let k = 0; k < drafts.length; k++) {
    const d = drafts[k];
    if (!d) continue;
    if (d.type !== "caption") {
      out.push(d);
      continue;
    }
    if (d.captionKind === "figure") {
      out.push({ ...d, type: "figure", caption: d.text });
      continue;
    }
    const next = drafts[k + 1];
    const skip = drafts[k + 2];
    const prev = out[out.length - 1];
    if (next?.type === "table" && !next.caption) next.caption = d.text;
    else if (shortLabel(next) && skip?.type === "table" && !skip.caption && samePage(d, skip))
      skip.caption = d.text;
    else if (prev?.type === "table" && !prev.caption && samePage(prev, d)) prev.caption = d.text;
    else out.push(d);
  }
  return out;
}

/** Consecutive bullet paragraphs form one list block, one item per line. */
export function mergeLists(drafts: readonly Draft[]): Draft[] {
  const out: Draft[] = [];
  for (const d of drafts) {
    const prev = out[out.length - 1];
    if (d.type === "list" && prev?.type === "list") {
      prev.lines.push(...d.lines);
      prev.text += `\n${d.text}`;
    } else out.push(d.type === "list" ? { ...d, lines: [...d.lines] } : d);
  }
  return out;
}

/** The largest heading of the first two pages (two words or more): the likely title. */
export function titleHint(headings: readonly HeadingDraft[]): string | undefined {
  let best: HeadingDraft | undefined;
  for (const h of headings) {
    const words = h.text.split(/\s+/).length;
    if (!h.accepted || h.page > 2 || words < 2 || words > 20) continue;
    if (!best || h.style.size > best.style.size) best = h;
  }
  return best?.text;
}

const round = (n: number) => Math.round(n * 100) / 100;

/** The block with one bbox per page it touches (top-left origin, clamped to the page). */
export function toBlock(d: Draft, pages: ReadonlyMap<number, PageSize>): BlockInput {
  const byPage = new Map<number, Line[]>();
  for (const l of d.lines) byPage.set(l.page, [...(byPage.get(l.page) ?? []), l]);
  const bboxes = [...byPage.entries()].map(([page, lines]) => {
    const size = pages.get(page) ?? { width: Number.POSITIVE_INFINITY, height: Number.POSITIVE_INFINITY };
    const clampX = (x: number) => round(Math.min(Math.max(x, 0), size.width));
    const clampY = (y: number) => round(Math.min(Math.max(y, 0), size.height));
    return {
      page,
      x0: clampX(Math.min(...lines.map((l) => l.x0))),
      y0: clampY(Math.min(...lines.map((l) => l.top))),
      x1: clampX(Math.max(...lines.map((l) => l.x1))),
      y1: clampY(Math.max(...lines.map((l) => l.bottom))),
    };
  });
  const pageNos = [...byPage.keys()];
  const block: BlockInput = {
    type: d.type,
    text: d.text,
    page: Math.min(...pageNos),
    page_end: Math.max(...pageNos),
    bboxes,
  };
  if (d.heading?.level) block.level = d.heading.level;
  if (d.caption) block.caption = d.caption;
  return block;
}
