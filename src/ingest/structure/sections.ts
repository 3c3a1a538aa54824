import type { Block, ParsedDocument } from "../parsed-document.js";
import { estimateTokens } from "./tokens.js";

/** A content block with its offsets in the document's normalised text and the H3+ headings above it. */
export interface SectionItem {
  block: Block;
  start: number;
  end: number;
  subheadings: string[];
}

export interface SectionPlan {
  title: string;
  level: 1 | 2;
  anchor?: string;
  synthetic: boolean;
  /** Index (in the plan list) of the level-1 section a level-2 one is PART_OF. */
  parent?: number;
  heading_path: string[];
  /** Anchors of deeper headings inside, so `#fragment` links to them land on this section. */
  sub_anchors: string[];
  /** Titles of deeper headings inside, so "Section 3.1" can resolve to the section holding it. */
  sub_titles: string[];
  items: SectionItem[];
  page_start?: number;
  page_end?: number;
}

export interface SectionOptions {
  docTitle: string;
  pagesPerSyntheticSection: number;
  tokensPerSyntheticSection: number;
}

/** Offsets of each block in the normalised document text (blocks joined by blank lines). */
export function blockOffsets(blocks: readonly Block[]): Array<{ start: number; end: number }> {
  let pos = 0;
  return blocks.map((b) => {
    const span = { start: pos, end: pos + b.text.length };
    pos = span.end + 2;
    return span;
  });
}

/** Headings are usable when there are some, and for PDFs enough of them for the page count. */
function headingLevels(doc: ParsedDocument): number[] | null {
  const headings = doc.blocks.filter((b) => b.type === "heading" && b.text.trim() !== "");
  const levels = [...new Set(headings.map((h) => h.level ?? 1))].sort((a, b) => a - b).slice(0, 2);
  const top = headings.filter((h) => levels.includes(h.level ?? 1)).length;
  const needed = doc.kind === "pdf" ? Math.max(2, Math.ceil(doc.pages.length / 30)) : 1;
  return top >= needed ? levels : null;
}

export function planSections(doc: ParsedDocument, options: SectionOptions): SectionPlan[] {
  const offsets = blockOffsets(doc.blocks);
  const levels = headingLevels(doc);
  const plans = levels
    ? planFromHeadings(doc.blocks, offsets, levels, options.docTitle)
    : planSynthetic(doc, offsets, options);
  for (const plan of plans) setPageRange(plan);
  return plans;
}

function planFromHeadings(
  blocks: readonly Block[],
  offsets: Array<{ start: number; end: number }>,
  levels: number[],
  docTitle: string,
): SectionPlan[] {
  const [l1, l2] = levels;
  const plans: SectionPlan[] = [];
  let current: SectionPlan | undefined;
  let currentL1: number | undefined;
  let subStack: Array<{ level: number; title: string }> = [];
  blocks.forEach((block, i) => {
    const span = offsets[i] ?? { start: 0, end: 0 };
    const level = block.level ?? 1;
    const title = block.text.trim();
    if (block.type === "heading" && title !== "" && (level === l1 || level === l2)) {
      const isL1 = level === l1;
      const parentTitle = !isL1 && currentL1 !== undefined ? plans[currentL1]?.title : undefined;
      current = {
        title,
        level: isL1 ? 1 : 2,
        synthetic: false,
        heading_path: parentTitle ? [parentTitle, title] : [title],
        sub_anchors: [],
        sub_titles: [],
        items: [],
        ...(block.anchor ? { anchor: block.anchor } : {}),
        ...(!isL1 && currentL1 !== undefined ? { parent: currentL1 } : {}),
        ...(block.page ? { page_start: block.page, page_end: block.page } : {}),
      };
      plans.push(current);
      if (isL1) currentL1 = plans.length - 1;
      subStack = [];
      return;
    }
    if (!current) {
      current = {
        title: docTitle,
        level: 1,
        synthetic: false,
        heading_path: [docTitle],
        sub_anchors: [],
        sub_titles: [],
        items: [],
      };
      plans.push(current);
    }
    if (block.type === "heading") {
      subStack = subStack.filter((s) => s.level < level);
      subStack.push({ level, title });
      if (block.anchor) current.sub_anchors.push(block.anchor);
      current.sub_titles.push(title);
    }
    current.items.push({ block, ...span, subheadings: subStack.map((s) => s.title) });
  });
  return plans;
}

function planSynthetic(
  doc: ParsedDocument,
  offsets: Array<{ start: number; end: number }>,
  options: SectionOptions,
): SectionPlan[] {
  const plans: SectionPlan[] = [];
  let tokens = 0;
  let window = -1;
  doc.blocks.forEach((block, i) => {
    const span = offsets[i] ?? { start: 0, end: 0 };
    const size = estimateTokens(block.text);
    const newWindow =
      doc.kind === "pdf"
        ? Math.floor(((block.page ?? 1) - 1) / options.pagesPerSyntheticSection)
        : tokens > 0 && tokens + size > options.tokensPerSyntheticSection
          ? window + 1
          : Math.max(window, 0);
    if (newWindow !== window || plans.length === 0) {
      window = newWindow;
      tokens = 0;
      const title = syntheticTitle(doc, options, window, plans.length);
      plans.push({
        title,
        level: 1,
        synthetic: true,
        heading_path: [title],
        sub_anchors: [],
        sub_titles: [],
        items: [],
      });
    }
    tokens += size;
    plans[plans.length - 1]?.items.push({ block, ...span, subheadings: [] });
  });
  return plans;
}

function syntheticTitle(doc: ParsedDocument, options: SectionOptions, window: number, n: number): string {
  if (doc.kind !== "pdf") return n === 0 ? options.docTitle : `${options.docTitle} (part ${n + 1})`;
  const first = window * options.pagesPerSyntheticSection + 1;
  const last = Math.min(first + options.pagesPerSyntheticSection - 1, Math.max(doc.pages.length, first));
  return `Pages ${first}–${last}`;
}

function setPageRange(plan: SectionPlan): void {
  const pages = plan.items.flatMap((it) => [it.block.page, it.block.page_end ?? it.block.page]);
  const known = [plan.page_start, ...pages].filter((p): p is number => p !== undefined);
  if (known.length === 0) return;
  plan.page_start = Math.min(...known);
  plan.page_end = Math.max(...known);
}
