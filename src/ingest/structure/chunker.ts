import type { Bbox } from "../../domain/bbox.js";
import type { ContentType } from "../../domain/chunk.js";
import type { SectionItem } from "./sections.js";
import { estimateTokens, splitSentences } from "./tokens.js";

export interface ChunkPlan {
  text: string;
  content_type: ContentType;
  subheadings: string[];
  char_start: number;
  char_end: number;
  page_start?: number;
  page_end?: number;
  /** Where in `text` each page after page_start begins (see pageBreaks). */
  page_breaks?: number[];
  bboxes: Bbox[];
  token_count: number;
}

interface Piece {
  text: string;
  start: number;
  end: number;
  item: SectionItem;
}

/**
 * Packs one section's blocks into chunks of about `targetTokens`. Chunks never leave the
 * section; tables and code blocks are chunks of their own and are never cut mid-row or
 * mid-block (an oversized table is split between rows, its header repeated).
 */
export function chunkSection(items: readonly SectionItem[], targetTokens: number): ChunkPlan[] {
  const out: ChunkPlan[] = [];
  let buffer: Piece[] = [];
  const flush = () => {
    if (buffer.length > 0) out.push(toChunk(buffer, textType(buffer)));
    buffer = [];
  };
  for (const item of items) {
    const { block } = item;
    if (block.type === "table" || block.type === "code") {
      flush();
      out.push(...atomicChunks(item, targetTokens));
      continue;
    }
    const text = block.text.trim();
    if (text === "") continue;
    const bufferTokens = estimateTokens(buffer.map((p) => p.text).join("\n\n"));
    if (block.type === "heading" && bufferTokens >= targetTokens / 2) flush();
    for (const piece of splitOversized(item, targetTokens)) {
      const current = estimateTokens(buffer.map((p) => p.text).join("\n\n"));
      if (buffer.length > 0 && current + estimateTokens(piece.text) > targetTokens && !onlyHeadings(buffer))
        flush();
      buffer.push(piece);
    }
  }
  flush();
  return mergeTinyTail(out, targetTokens);
}

const onlyHeadings = (pieces: Piece[]) => pieces.every((p) => p.item.block.type === "heading");

function textType(pieces: Piece[]): ContentType {
  const types = new Set(pieces.map((p) => p.item.block.type));
  if (types.size === 1 && types.has("list")) return "list";
  if ([...types].every((t) => t === "caption" || t === "figure")) return "caption";
  return "text";
}

function splitOversized(item: SectionItem, targetTokens: number): Piece[] {
  const text = item.block.text;
  if (estimateTokens(text) <= targetTokens * 1.5)
    return [{ text: text.trim(), start: item.start, end: item.end, item }];
  const pieces: Piece[] = [];
  let cur: { text: string; start: number } | null = null;
  for (const s of splitSentences(text)) {
    if (cur && estimateTokens(cur.text + s.text) > targetTokens) {
      pieces.push(piece(cur, item));
      cur = null;
    }
    cur = cur ? { text: cur.text + s.text, start: cur.start } : { text: s.text, start: s.start };
  }
  if (cur) pieces.push(piece(cur, item));
  return pieces;
}

function piece(cur: { text: string; start: number }, item: SectionItem): Piece {
  const start = item.start + cur.start;
  return { text: cur.text.trim(), start, end: start + cur.text.length, item };
}

function atomicChunks(item: SectionItem, targetTokens: number): ChunkPlan[] {
  const { block } = item;
  const type: ContentType = block.type === "table" ? "table" : "code";
  const caption = block.caption?.trim();
  const body = block.text.trim();
  const whole = caption && !body.startsWith(caption) ? `${caption}\n${body}` : body;
  if (type === "code" || estimateTokens(whole) <= targetTokens * 2) {
    return [toChunk([{ text: whole, start: item.start, end: item.end, item }], type)];
  }
  const [header = "", ...rows] = body.split("\n");
  const chunks: ChunkPlan[] = [];
  let group: string[] = [];
  let offset = item.start + header.length + 1;
  let groupStart = offset;
  const emit = () => {
    const text = [caption, header, ...group].filter(Boolean).join("\n");
    chunks.push(toChunk([{ text, start: groupStart, end: offset, item }], type));
    group = [];
    groupStart = offset;
  };
  for (const row of rows) {
    if (group.length > 0 && estimateTokens([header, ...group, row].join("\n")) > targetTokens) emit();
    group.push(row);
    offset += row.length + 1;
  }
  if (group.length > 0) emit();
  return chunks;
}

function toChunk(pieces: Piece[], content_type: ContentType): ChunkPlan {
  const text = pieces.map((p) => p.text).join("\n\n");
  const first = pieces[0];
  const last = pieces[pieces.length - 1];
  const pages = pieces
    .flatMap((p) => [p.item.block.page, p.item.block.page_end])
    .filter((n) => n !== undefined);
  // A block split into several pieces contributes its bboxes once.
  const bboxes = [...new Set(pieces.map((p) => p.item))].flatMap((item) => item.block.bboxes);
  const nonHeading = pieces.find((p) => p.item.block.type !== "heading") ?? first;
  return {
    text,
    content_type,
    subheadings: nonHeading?.item.subheadings ?? [],
    char_start: first?.start ?? 0,
    char_end: last?.end ?? 0,
    ...(pages.length > 0 ? { page_start: Math.min(...pages), page_end: Math.max(...pages) } : {}),
    ...(new Set(pages).size > 1 ? { page_breaks: pageBreaks(pieces) } : {}),
    bboxes,
    token_count: estimateTokens(text),
  };
}

/** A last chunk of a few words reads better appended to its predecessor. */
function mergeTinyTail(chunks: ChunkPlan[], targetTokens: number): ChunkPlan[] {
  const last = chunks[chunks.length - 1];
  const prev = chunks[chunks.length - 2];
  if (!last || !prev || last.content_type !== "text" || prev.content_type !== "text") return chunks;
  if (last.token_count >= targetTokens / 4 || prev.token_count + last.token_count > targetTokens * 1.5)
    return chunks;
  const text = `${prev.text}\n\n${last.text}`;
  const pages = [prev.page_start, prev.page_end, last.page_start, last.page_end].filter(
    (n) => n !== undefined,
  );
  const merged: ChunkPlan = {
    ...prev,
    text,
    char_end: last.char_end,
    bboxes: [...prev.bboxes, ...last.bboxes],
    token_count: estimateTokens(text),
    ...(pages.length > 0 ? { page_start: Math.min(...pages), page_end: Math.max(...pages) } : {}),
  };
  return [...chunks.slice(0, -2), merged];
}

/**
 * Where each page after the chunk's first begins in its text (pieces joined by blank lines), so a
 * citation can name the page its sentence is on, not the chunk's first. A page that begins inside
 * one block (a paragraph running over a page break) is placed by the share of the block's boxes'
 * height on the earlier pages: lines are of about equal height.
 */
export function pageBreaks(pieces: readonly Piece[]): number[] {
  const starts: number[] = [];
  let at = 0;
  for (const p of pieces) {
    starts.push(at);
    at += p.text.length + 2;
  }
  const first = Math.min(...pieces.flatMap((p) => (p.item.block.page ? [p.item.block.page] : [])));
  const last = Math.max(...pieces.flatMap((p) => [p.item.block.page ?? 0, p.item.block.page_end ?? 0]));
  const breaks: number[] = [];
  for (let page = first + 1; page <= last; page++) {
    const i = pieces.findIndex((p) => (p.item.block.page_end ?? p.item.block.page ?? 0) >= page);
    const piece = pieces[i];
    if (!piece) break;
    const start = starts[i] ?? 0;
    const block = piece.item.block;
    if ((block.page ?? 0) >= page) {
      breaks.push(start);
      continue;
    }
    const height = (b: Bbox) => Math.max(0, b.y1 - b.y0);
    const total = block.bboxes.reduce((sum, b) => sum + height(b), 0);
    const before = block.bboxes.filter((b) => b.page < page).reduce((sum, b) => sum + height(b), 0);
    breaks.push(start + Math.round(total > 0 ? (piece.text.length * before) / total : 0));
  }
  return breaks;
}
