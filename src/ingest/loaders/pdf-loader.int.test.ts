import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type Block, type ParsedDocument, ParsedDocumentSchema } from "../parsed-document.js";
import { sharedPath } from "../test-helpers.js";
import { loadPdf } from "./pdf-loader.js";

/** Real-world PDFs (read-only, not committed); the suite is skipped where they are absent. */
const CORPUS = sharedPath("corpora/pdf");
const has = (name: string) => existsSync(join(CORPUS, name));

async function load(name: string): Promise<{ doc: ParsedDocument; seconds: number }> {
  const path = join(CORPUS, name);
  const started = performance.now();
  const doc = ParsedDocumentSchema.parse(
    await loadPdf({ path, uri: `file://${path}`, bytes: new Uint8Array(readFileSync(path)) }),
  );
  return { doc, seconds: (performance.now() - started) / 1000 };
}

const headings = (doc: ParsedDocument, maxLevel = 2): Block[] =>
  doc.blocks.filter((b) => b.type === "heading" && (b.level ?? 9) <= maxLevel);

describe.skipIf(!has("uber_2021_form10k.pdf"))("10-K (307 pages)", () => {
  it("gives a plausible section structure with Items, Notes and financial tables", {
    timeout: 120_000,
  }, async () => {
    const { doc, seconds } = await load("uber_2021_form10k.pdf");
    expect(doc.pages).toHaveLength(307);
    expect(seconds).toBeLessThan(60);
    const top = headings(doc);
    expect(top.length).toBeGreaterThanOrEqual(60);
    expect(top.length).toBeLessThanOrEqual(250);
    const titles = top.map((h) => h.text);
    expect(titles).toContainEqual(expect.stringMatching(/^ITEM 7\. MANAGEMENT’S DISCUSSION/));
    expect(titles).toContainEqual(expect.stringMatching(/^ITEM 1\. BUSINESS$/));
    expect(titles).toContainEqual(expect.stringMatching(/^PART II$/));
    expect(titles).toContainEqual(expect.stringMatching(/^Note 7 – Goodwill and Intangible Assets$/));
    const notes = titles.filter((t) => /^Note \d+ [–-] /.test(t));
    expect(notes.length).toBeGreaterThanOrEqual(18);
    // "see Note 15" inside a sentence is running text, not a heading.
    expect(titles.some((t) => /^Note \d+ .* for further information/.test(t))).toBe(false);
    const tables = doc.blocks.filter((b) => b.type === "table");
    expect(tables.length).toBeGreaterThan(40);
    expect(
      tables.some((t) => t.text.includes("Net loss including non-controlling interests | $ (8,512)")),
    ).toBe(true);
    // Bare page numbers do not survive as paragraphs.
    expect(doc.blocks.filter((b) => /^\d{1,3}$/.test(b.text)).length).toBeLessThan(10);
  });
});

describe.skipIf(!has("tracemonkey-pldi09.pdf"))("two-column paper", () => {
  it("reads the left column before the right one and finds numbered sections and figures", async () => {
    const { doc } = await load("tracemonkey-pldi09.pdf");
    expect(doc.title).toBe("Trace-based Just-in-Time Type Specialization for Dynamic Languages");
    const titles = headings(doc).map((h) => h.text);
    expect(titles).toEqual(
      expect.arrayContaining([
        "1. Introduction",
        "2. Overview: Example Tracing Run",
        "3. Trace Trees",
        "3.1 Traces",
      ]),
    );
    const text = doc.blocks.map((b) => b.text).join("\n");
    // Page 1: the introduction's first paragraph (left column) before the right column's text.
    const left = text.indexOf("Dynamic languages such as JavaScript, Python, and Ruby");
    const right = text.indexOf("and is used for the application logic of browser-based");
    expect(left).toBeGreaterThan(-1);
    expect(right).toBeGreaterThan(left);
    // A paragraph running on past the ACM notice into the next column is one block.
    expect(text).toContain("client-side web programming and is used for the application logic");
    const figures = doc.blocks.filter((b) => b.type === "figure").map((b) => b.caption ?? "");
    expect(figures.length).toBeGreaterThanOrEqual(12);
    expect(figures).toContainEqual(
      expect.stringMatching(/^Figure 1\. Sample program: sieve of Eratosthenes/),
    );
    const wide = doc.blocks.find((b) => b.type === "table" && b.text.includes("3d-cube"));
    expect(wide?.text.split("\n")[0]).toContain("Loops | Trees | Traces | Aborts | Flushes");
  });
});

describe.skipIf(!has("redp5110_sampled.pdf"))("IBM Redpaper sample", () => {
  it("attaches 'Table 2-1' captions to tables and makes 'Figure 3-1' a figure", async () => {
    const { doc } = await load("redp5110_sampled.pdf");
    const table = doc.blocks.find((b) => b.type === "table" && b.caption?.startsWith("Table 2-1"));
    expect(table?.caption).toBe("Table 2-1 FUNCTION_USAGE view");
    expect(table?.text.split("\n")[0]).toBe("Column name | Data type | Description");
    const captions = doc.blocks.filter((b) => b.type === "table").map((b) => b.caption);
    expect(captions).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Table 2-2 /), expect.stringMatching(/^Table 3-1 /)]),
    );
    expect(doc.blocks.find((b) => b.type === "figure" && b.caption?.startsWith("Figure 3-1"))?.text).toBe(
      "Figure 3-1 CREATE PERMISSION SQL statement",
    );
    // "Table 2-2 shows ..." is a sentence, not a caption.
    expect(doc.blocks.some((b) => b.type === "paragraph" && b.text.startsWith("Table 2-2 shows"))).toBe(true);
    expect(doc.warnings).toContain("no text layer on pages 17");
  });
});

describe.skipIf(!has("federal-register-2020-17221.pdf"))("three-column Federal Register notice", () => {
  it("reads three columns, drops running heads and keeps section headings", async () => {
    const { doc } = await load("federal-register-2020-17221.pdf");
    const titles = headings(doc).map((h) => h.text);
    expect(titles).toEqual(
      expect.arrayContaining(["Background", "Costs of Compliance", "Regulatory Findings"]),
    );
    const text = doc.blocks.map((b) => b.text).join("\n");
    expect(text).not.toMatch(/VerDate Sep<11>2014/);
    expect(text).not.toMatch(/Federal Register \/ Vol\. 85, No\. 152 \/ Thursday/);
    // A sentence broken by a column end and footnotes reads on in one block.
    expect(text).toContain("airspeed disagree alert, and altitude disagree alert,5 and may affect");
  });
});
