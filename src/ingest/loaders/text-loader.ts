import { basename, extname } from "node:path";
import type { BlockInput, Loader } from "../parsed-document.js";
import { createSlugger } from "./slugify.js";
import { assertText } from "./text-sniff.js";

const MAX_HEADING = 80;
const MAX_TITLE = 120;

/**
 * Plain text: paragraphs split on blank lines. Headings are detected conservatively —
 * only one-line paragraphs: `# Markdown`, `Title` underlined with === / ---, short
 * ALL-CAPS lines, and short numbered lines such as "1. Introduction" or "2.3 Results".
 */
export const loadText: Loader = async (input) => {
  const source = assertText(input.bytes, input.path).replace(/\r\n?/g, "\n");
  const slug = createSlugger();
  const blocks: BlockInput[] = [];
  const paragraphs = source
    .split(/\n[ \t]*\n/)
    .map((para) => para.split("\n").filter((l) => l.trim() !== ""))
    .filter((lines) => lines.length > 0);
  paragraphs.forEach((lines, i) => {
    const heading = detectHeading(lines);
    // "1. Foo" next to "2. Bar" is a numbered list written with blank lines, not two sections.
    const numberedAt = (j: number): number | undefined => {
      const near = paragraphs[j] ? detectHeading(paragraphs[j] ?? []) : undefined;
      return near?.numbered ? near.level : undefined;
    };
    const listLike = heading?.numbered && [numberedAt(i - 1), numberedAt(i + 1)].includes(heading.level);
    if (heading && !listLike) {
      blocks.push({ type: "heading", level: heading.level, text: heading.text, anchor: slug(heading.text) });
      if (heading.rest.length > 0) blocks.push({ type: "paragraph", text: joinLines(heading.rest) });
    } else blocks.push({ type: "paragraph", text: joinLines(lines) });
  });
  const firstLine = (source.trim().split("\n")[0] ?? "").replace(/^#{1,6}\s+/, "").trim();
  const title = firstLine.length <= MAX_TITLE ? firstLine : basename(input.path, extname(input.path));
  return { kind: "text", title, blocks, warnings: [] };
};

/** Lines joined with single spaces: hard-wrapped prose becomes one paragraph string. */
const joinLines = (lines: string[]): string => lines.map((l) => l.trim()).join(" ");

interface DetectedHeading {
  level: number;
  text: string;
  /** Lines of the same paragraph after an underlined heading. */
  rest: string[];
  numbered?: boolean;
}

export function detectHeading(lines: string[]): DetectedHeading | undefined {
  const first = lines[0]?.trim() ?? "";
  const second = lines[1]?.trim();
  if (first.length === 0 || first.length > MAX_HEADING) return undefined;
  // Setext: a title line underlined with === (level 1) or --- (level 2).
  if (second && /^(=+|-+)$/.test(second) && second.length >= Math.min(3, first.length)) {
    return { level: second.startsWith("=") ? 1 : 2, text: first, rest: lines.slice(2) };
  }
  if (lines.length > 1) return undefined;
  const atx = /^(#{1,6})\s+(.+?)\s*#*$/.exec(first);
  if (atx?.[1] && atx[2]) return { level: atx[1].length, text: atx[2], rest: [] };
  // "2.3 Results" / "1. Introduction": numbered, short, capitalised, no sentence end.
  const numbered = /^(\d{1,2}(?:\.\d{1,2}){0,4})\.?\s+(\p{Lu}[^.!?:;]*)$/u.exec(first);
  if (numbered?.[1] && numbered[2] && first.split(/\s+/).length <= 10) {
    const level = Math.min(6, numbered[1].split(".").filter(Boolean).length);
    return { level, text: first, rest: [], numbered: true };
  }
  const letters = first.replace(/[^\p{L}]/gu, "");
  if (letters.length >= 3 && letters === letters.toUpperCase() && letters !== letters.toLowerCase()) {
    if (first.split(/\s+/).length <= 8 && !/[.,;]$/.test(first)) return { level: 1, text: first, rest: [] };
  }
  return undefined;
}
