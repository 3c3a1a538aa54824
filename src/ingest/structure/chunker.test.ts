import { describe, expect, it } from "vitest";
import { type BlockInput, BlockSchema } from "../parsed-document.js";
import { chunkSection } from "./chunker.js";
import type { SectionItem } from "./sections.js";

function items(blocks: BlockInput[]): SectionItem[] {
  let pos = 0;
  return blocks.map((b) => {
    const block = BlockSchema.parse(b);
    const item = { block, start: pos, end: pos + block.text.length, subheadings: [] };
    pos = item.end + 2;
    return item;
  });
}

describe("chunkSection", () => {
  it("packs paragraphs up to the target and keeps offsets", () => {
    const paras = Array.from({ length: 6 }, (_, i) => ({
      type: "paragraph" as const,
      text: `${"x".repeat(396)} p${i}`,
    }));
    const chunks = chunkSection(items(paras), 250);
    expect(chunks.length).toBe(3);
    expect(chunks.every((c) => c.token_count <= 250)).toBe(true);
    expect(chunks[1]?.char_start).toBe(2 * 401); // 399 chars + a blank line per paragraph
  });

  it("never splits a code block and keeps tables as their own chunks", () => {
    const code = Array.from({ length: 200 }, (_, i) => `let x${i} = ${i};`).join("\n");
    const chunks = chunkSection(
      items([
        { type: "paragraph", text: "Before." },
        { type: "code", text: code, language: "rust" },
        { type: "table", text: "a | b\n1 | 2", caption: "Table 1. Small" },
        { type: "paragraph", text: "After." },
      ]),
      100,
    );
    expect(chunks.map((c) => c.content_type)).toEqual(["text", "code", "table", "text"]);
    expect(chunks[1]?.text).toBe(code);
    expect(chunks[2]?.text).toBe("Table 1. Small\na | b\n1 | 2");
  });

  it("splits an oversized table only between rows, repeating the header", () => {
    const rows = Array.from({ length: 120 }, (_, i) => `row ${i} | ${i * 10} | ${"v".repeat(20)}`);
    const chunks = chunkSection(
      items([{ type: "table", text: ["name | value | note", ...rows].join("\n") }]),
      100,
    );
    expect(chunks.length).toBeGreaterThan(2);
    for (const c of chunks) {
      const lines = c.text.split("\n");
      expect(lines[0]).toBe("name | value | note");
      for (const line of lines.slice(1)) expect(rows).toContain(line);
    }
    expect(chunks.flatMap((c) => c.text.split("\n").slice(1))).toEqual(rows);
  });

  it("splits an oversized paragraph at sentence boundaries", () => {
    const text = Array.from({ length: 80 }, (_, i) => `Sentence number ${i} says something useful.`).join(
      " ",
    );
    const chunks = chunkSection(items([{ type: "paragraph", text }]), 100);
    expect(chunks.length).toBeGreaterThan(3);
    for (const c of chunks) expect(c.text).toMatch(/^Sentence number \d+ says something useful\.$|\.$/);
  });

  it("merges a tiny tail into the previous chunk and unions pages and bboxes", () => {
    const bbox = (page: number) => ({ page, x0: 0, y0: 0, x1: 1, y1: 1 });
    const chunks = chunkSection(
      items([
        { type: "paragraph", text: "y".repeat(360), page: 1, bboxes: [bbox(1)] },
        { type: "paragraph", text: "tail.", page: 2, bboxes: [bbox(2)] },
      ]),
      100,
    );
    expect(chunks).toHaveLength(1);
    expect(chunks[0]).toMatchObject({ page_start: 1, page_end: 2 });
    expect(chunks[0]?.bboxes).toHaveLength(2);
  });

  it("records where each later page begins in a chunk over a page break", () => {
    const box = (page: number, y0: number, y1: number) => ({ page, x0: 0, y0, x1: 100, y1 });
    const [chunk] = chunkSection(
      items([
        { type: "paragraph", text: "On page seven.", page: 7, bboxes: [box(7, 0, 10)] },
        // Runs over the break: three lines on page 7, one on page 8.
        {
          type: "paragraph",
          text: "A".repeat(40),
          page: 7,
          page_end: 8,
          bboxes: [box(7, 0, 30), box(8, 0, 10)],
        },
        { type: "paragraph", text: "On page nine.", page: 9, bboxes: [box(9, 0, 10)] },
      ]),
      500,
    );
    expect(chunk?.page_start).toBe(7);
    expect(chunk?.page_end).toBe(9);
    const second = "On page seven.".length + 2;
    const third = second + 40 + 2;
    expect(chunk?.page_breaks).toEqual([second + 30, third]);
    expect(chunk?.text.slice(chunk.page_breaks?.[1])).toBe("On page nine.");
    const single = chunkSection(items([{ type: "paragraph", text: "One page.", page: 3 }]), 500);
    expect(single[0]?.page_breaks).toBeUndefined();
  });
});
