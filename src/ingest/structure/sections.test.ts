import { describe, expect, it } from "vitest";
import { type ParsedDocument, type ParsedDocumentInput, ParsedDocumentSchema } from "../parsed-document.js";
import { planSections } from "./sections.js";

const parse = (d: ParsedDocumentInput): ParsedDocument => ParsedDocumentSchema.parse(d);
const opts = { docTitle: "Doc", pagesPerSyntheticSection: 4, tokensPerSyntheticSection: 1500 };

describe("planSections", () => {
  it("makes H1/H2 sections with PART_OF parents and keeps deeper headings inside", () => {
    const doc = parse({
      kind: "markdown",
      title: "Doc",
      blocks: [
        { type: "paragraph", text: "Intro before any heading." },
        { type: "heading", level: 2, text: "Install", anchor: "install" },
        { type: "paragraph", text: "Run npm." },
        { type: "heading", level: 3, text: "On Linux", anchor: "on-linux" },
        { type: "paragraph", text: "Use apt." },
        { type: "heading", level: 4, text: "Debian" },
        { type: "paragraph", text: "apt-get." },
        { type: "heading", level: 2, text: "Usage" },
        { type: "paragraph", text: "Call it." },
      ],
    });
    const plans = planSections(doc, opts);
    expect(plans.map((p) => [p.title, p.level, p.parent])).toEqual([
      ["Doc", 1, undefined],
      ["Install", 1, undefined],
      ["On Linux", 2, 1],
      ["Usage", 1, undefined],
    ]);
    expect(plans[2]?.heading_path).toEqual(["Install", "On Linux"]);
    expect(plans[2]?.sub_titles).toEqual(["Debian"]);
    expect(plans[2]?.items.at(-1)?.subheadings).toEqual(["Debian"]);
  });

  it("gives a PDF without usable headings synthetic sections every 4 pages", () => {
    const blocks = Array.from({ length: 10 }, (_, i) => ({
      type: "paragraph" as const,
      text: `Page ${i + 1} text.`,
      page: i + 1,
    }));
    const pages = Array.from({ length: 10 }, (_, i) => ({ page_no: i + 1, width: 612, height: 792 }));
    const plans = planSections(parse({ kind: "pdf", title: "Scan", blocks, pages }), opts);
    expect(plans.map((p) => [p.title, p.synthetic, p.page_start, p.page_end])).toEqual([
      ["Pages 1–4", true, 1, 4],
      ["Pages 5–8", true, 5, 8],
      ["Pages 9–10", true, 9, 10],
    ]);
  });

  it("splits long plain text into synthetic sections by size", () => {
    const para = "word ".repeat(1000);
    const plans = planSections(
      parse({
        kind: "text",
        title: "Notes",
        blocks: [1, 2, 3].map(() => ({ type: "paragraph", text: para })),
      }),
      opts,
    );
    expect(plans.length).toBe(3);
    expect(plans.every((p) => p.synthetic)).toBe(true);
    expect(plans[1]?.title).toBe("Doc (part 2)");
  });
});
