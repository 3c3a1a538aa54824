import { describe, expect, it } from "vitest";
import { buildPdf, type PageSpec, paragraph, type TextSpec } from "../../../test/fixtures/pdf/build-pdf.js";
import { type Block, ParsedDocumentSchema } from "../parsed-document.js";
import { loadPdf } from "./pdf-loader.js";

async function load(bytes: Uint8Array, path = "/docs/report.pdf") {
  return ParsedDocumentSchema.parse(await loadPdf({ path, uri: `file://${path}`, bytes }));
}

const BODY = [
  "The committee reviewed the annual budget and the auditors checked every line",
  "of the report so that nothing was missed before the board met again in the",
  "spring, when the final figures were published for all members to read.",
];

/** A three-page report: running header and footer, chapter and section headings, body text. */
function reportPages(extra: (n: number) => TextSpec[] = () => []): PageSpec[] {
  return [1, 2, 3].map((n) => ({
    texts: [
      { text: "ACME Corporation Annual Report 2021", x: 72, y: 40, size: 8 },
      { text: `${n}. Results of Region ${n}`, x: 72, y: 100, size: 16, bold: true },
      ...paragraph(BODY, 72, 130),
      { text: `${n}.1 Sales in Region ${n}`, x: 72, y: 190, size: 12, bold: true },
      ...paragraph(BODY, 72, 215),
      ...extra(n),
      { text: `Page ${n} of 3`, x: 280, y: 760, size: 8 },
    ],
  }));
}

const headings = (blocks: Block[]) =>
  blocks.filter((b) => b.type === "heading").map((b) => [b.level, b.text]);

describe("loadPdf: structure", () => {
  it("ranks heading styles: the biggest recurring style is level 1, the next level 2", async () => {
    const doc = await load(buildPdf(reportPages()));
    expect(doc.kind).toBe("pdf");
    expect(headings(doc.blocks)).toEqual([
      [1, "1. Results of Region 1"],
      [2, "1.1 Sales in Region 1"],
      [1, "2. Results of Region 2"],
      [2, "2.1 Sales in Region 2"],
      [1, "3. Results of Region 3"],
      [2, "3.1 Sales in Region 3"],
    ]);
    const para = doc.blocks.find((b) => b.type === "paragraph");
    expect(para?.text).toBe(BODY.join(" "));
  });

  it("drops running headers, footers and page numbers", async () => {
    const doc = await load(buildPdf(reportPages()));
    const text = doc.blocks.map((b) => b.text).join("\n");
    expect(text).not.toContain("ACME Corporation Annual Report");
    expect(text).not.toMatch(/Page \d of 3/);
    expect(doc.pages).toEqual([1, 2, 3].map((page_no) => ({ page_no, width: 612, height: 792 })));
  });

  it("gives top-left bboxes inside the page, one per page touched", async () => {
    const doc = await load(buildPdf(reportPages()));
    const first = doc.blocks[0];
    expect(first?.bboxes).toHaveLength(1);
    const box = first?.bboxes[0];
    // The heading's baseline is 100 pt from the top: its box ends just below it.
    expect(box?.page).toBe(1);
    expect(box?.y0).toBeGreaterThan(80);
    expect(box?.y1).toBeLessThan(110);
    for (const b of doc.blocks) {
      expect(b.page).toBe(b.bboxes[0]?.page);
      for (const bb of b.bboxes) {
        expect(bb.x0).toBeGreaterThanOrEqual(0);
        expect(bb.y0).toBeGreaterThanOrEqual(0);
        expect(bb.x1).toBeLessThanOrEqual(612);
        expect(bb.y1).toBeLessThanOrEqual(792);
        expect(bb.y0).toBeLessThan(bb.y1);
        expect(bb.x0).toBeLessThan(bb.x1);
      }
    }
  });

  it("rejects false headings: page numbers, bare numbers, long bold sentences", async () => {
    const page: PageSpec = {
      texts: [
        { text: "Overview of the Program", x: 72, y: 80, size: 14, bold: true },
        ...paragraph(BODY, 72, 105),
        { text: "2021", x: 72, y: 160, size: 14, bold: true },
        ...paragraph(BODY, 72, 185),
        {
          text: "This whole sentence is set in bold type because the author wanted it to stand out.",
          x: 72,
          y: 240,
          size: 10,
          bold: true,
        },
        ...paragraph(BODY, 72, 265),
        { text: "Details of the Program", x: 72, y: 320, size: 14, bold: true },
        ...paragraph(BODY, 72, 345),
        { text: "7", x: 300, y: 770, size: 10, bold: true },
      ],
    };
    const doc = await load(buildPdf([page]));
    expect(headings(doc.blocks)).toEqual([
      [1, "Overview of the Program"],
      [1, "Details of the Program"],
    ]);
    expect(doc.blocks.map((b) => b.text).join("\n")).not.toMatch(/^7$/m);
  });

  it("finds a captioned table, a caption-less numeric table and a figure caption", async () => {
    const row = (y: number, cells: string[]): TextSpec[] =>
      cells.map((text, i) => ({ text, x: [72, 260, 360, 460][i] ?? 0, y, size: 9 }));
    const page: PageSpec = {
      texts: [
        ...paragraph(BODY, 72, 80),
        { text: "Table 2-1. Sales by region", x: 72, y: 135, size: 9, bold: true },
        ...row(152, ["Region", "2020", "2021"]),
        ...row(165, ["North", "1,200", "1,350"]),
        ...row(178, ["South", "980", "1,010"]),
        ...paragraph(BODY, 72, 215),
        ...row(270, ["Revenue", "4,200", "5,100", "5,600"]),
        { text: "$", x: 245, y: 270, size: 9 },
        ...row(283, ["Cost of revenue", "(2,100)", "(2,400)", "(2,650)"]),
        ...row(296, ["Gross profit", "2,100", "2,700", "2,950"]),
        ...row(309, ["Net income", "900", "1,250", "1,100"]),
        ...paragraph(BODY, 72, 345),
        { text: "Figure 3-1. Growth of sales by region", x: 72, y: 420, size: 9, bold: true },
        ...paragraph(["As Table 2-1 shows, the North grew fastest; see Figure 3-1 for the trend."], 72, 450),
      ],
    };
    const doc = await load(buildPdf([page]));
    const tables = doc.blocks.filter((b) => b.type === "table");
    expect(tables).toHaveLength(2);
    expect(tables[0]?.caption).toBe("Table 2-1. Sales by region");
    expect(tables[0]?.text).toBe("Region | 2020 | 2021\nNorth | 1,200 | 1,350\nSouth | 980 | 1,010");
    expect(tables[1]?.caption).toBeUndefined();
    expect(tables[1]?.text).toBe(
      [
        "Revenue | $ 4,200 | 5,100 | 5,600",
        "Cost of revenue | (2,100) | (2,400) | (2,650)",
        "Gross profit | 2,100 | 2,700 | 2,950",
        "Net income | 900 | 1,250 | 1,100",
      ].join("\n"),
    );
    const figure = doc.blocks.find((b) => b.type === "figure");
    expect(figure).toMatchObject({ caption: "Figure 3-1. Growth of sales by region" });
    expect(figure?.text).toBe(figure?.caption);
    // A sentence that merely starts with a reference stays running text.
    expect(doc.blocks.at(-1)).toMatchObject({ type: "paragraph" });
  });

  it("keeps a table's column heads when a row-group label stands between them and the rows", async () => {
    const row = (y: number, cells: string[]): TextSpec[] =>
      cells.map((text, i) => ({ text, x: [72, 360, 460][i] ?? 0, y, size: 9 }));
    const page: PageSpec = {
      texts: [
        ...paragraph(BODY, 72, 80),
        { text: "As of December 31,", x: 380, y: 140, size: 9 },
        ...row(152, ["", "2020", "2021"]).slice(1),
        { text: "Debt securities:", x: 72, y: 164, size: 9 },
        ...row(176, ["Bonds", "1,200", "1,350"]),
        ...row(188, ["Notes", "980", "1,010"]),
        ...row(200, ["Total", "2,180", "2,360"]),
        ...paragraph(BODY, 72, 240),
      ],
    };
    const doc = await load(buildPdf([page]));
    const table = doc.blocks.find((b) => b.type === "table");
    expect(table?.text.split("\n").slice(0, 4)).toEqual([
      " | As of December 31, | ",
      " | 2020 | 2021",
      "Debt securities: |  | ",
      "Bonds | 1,200 | 1,350",
    ]);
    // A sentence ending in a colon above heads-less rows stays running text.
    expect(doc.blocks.filter((b) => b.type === "paragraph").map((b) => b.text.slice(0, 14))).toEqual([
      "The committee ",
      "The committee ",
    ]);
  });

  it("reads two columns left column first and joins hyphenated line breaks", async () => {
    const left = [
      "Left column opens the story and it goes on for a",
      "while with more words in it until the hyphen-",
    ];
    const leftEnd = ["ated word ends the first column of the page here."];
    const right = [
      "Right column text comes after the left column in",
      "reading order although it starts at the same height.",
    ];
    const page: PageSpec = {
      texts: [
        ...paragraph([...left, ...leftEnd, ...left, ...leftEnd], 50, 100, 9, 11),
        ...paragraph([...right, ...right, ...right], 320, 100, 9, 11),
      ],
    };
    const doc = await load(buildPdf([page]));
    const text = doc.blocks.map((b) => b.text).join("\n");
    expect(text.indexOf("Left column opens")).toBeLessThan(text.indexOf("Right column text"));
    expect(text).toContain("until the hyphenated word ends");
    expect(text).not.toContain(
      "Right column text comes after the left column in reading order although it starts at the same height. Left",
    );
  });

  it("uses a meaningful metadata title, else the largest early heading, else the file name", async () => {
    expect((await load(buildPdf(reportPages(), { title: "ACME Report 2021" }))).title).toBe(
      "ACME Report 2021",
    );
    expect((await load(buildPdf(reportPages(), { title: "0001543151-22-000008" }))).title).toBe(
      "1. Results of Region 1",
    );
    const plain = buildPdf([{ texts: paragraph(BODY, 72, 100) }]);
    expect((await load(plain, "/docs/minutes-2021.pdf")).title).toBe("minutes-2021");
  });
});
