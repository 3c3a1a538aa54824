import { describe, expect, it } from "vitest";
import { isPageNumber, removeRunningLines, runningKey } from "./running-lines.js";
import type { PageText, Segment } from "./types.js";

function seg(text: string, x0: number, top: number): Segment {
  const box = { x0, x1: x0 + text.length * 5, top, bottom: top + 9 };
  const run = { ...box, text, base: top + 8, size: 9, font: "F1", bold: false, italic: false, mono: false };
  return { ...box, runs: [run], text, base: top + 8, size: 9 };
}

/** Ten pages, each with a company header, a body line and a table's year heads at the top. */
function pages(): PageText[] {
  return Array.from({ length: 10 }, (_, i) => ({
    page: i + 1,
    width: 612,
    height: 792,
    segments: [
      seg("Example Corp | 2021 Form 10-K", 200, 20),
      seg("2019", 450, 50),
      seg("2020", 500, 50),
      seg("2021", 550, 50),
      seg(`Body text of page ${i + 1} runs on.`, 18, 300),
    ],
  }));
}

describe("running header helpers", () => {
  it("knows bare page numbers", () => {
    for (const t of ["12", "- 12 -", "Page 12", "page 3 of 30", "12 / 30", "iv", "47698"]) {
      expect(isPageNumber(t), t).toBe(true);
    }
    for (const t of ["2021 Annual Report", "Item 7", "123456", "12.5%"])
      expect(isPageNumber(t), t).toBe(false);
  });

  it("masks digits so that a header matches itself on every page", () => {
    expect(runningKey("Federal Register / Vol. 85, No. 152 / 47699")).toBe(
      runningKey("Federal Register / Vol. 85, No. 152 / 47712"),
    );
    expect(runningKey("Contents  vii")).toBe(runningKey("Contents ix"));
    expect(runningKey("Chapter 2. Roles")).not.toBe(runningKey("Chapter 3. Rules"));
  });

  it("drops a repeated header with words, keeps a repeated row of bare numbers (table heads)", () => {
    const ps = pages();
    removeRunningLines(ps);
    const texts = ps[3]?.segments.map((s) => s.text) ?? [];
    expect(texts).not.toContain("Example Corp | 2021 Form 10-K");
    expect(texts).toEqual(["2019", "2020", "2021", "Body text of page 4 runs on."]);
  });
});
