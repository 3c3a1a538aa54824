import { describe, expect, it } from "vitest";
import { citationMap, locate } from "./citation-map.js";
import { evidence } from "./test-evidence.js";

const TEXT =
  "Revenue grew in all regions during the year.\n\nThe total purchase price was $967 million, paid in shares.";
const box = (page: number) => ({ page, x0: 0, y0: 0, x1: 1, y1: 1 });
const overBreak = evidence("S1", TEXT, {
  citation: {
    kind: "pdf",
    uri: "file:///r.pdf",
    page: 7,
    bboxes: [box(7)],
    pages: [
      { page: 7, at: 0, bboxes: [box(7)] },
      { page: 8, at: TEXT.indexOf("The total"), bboxes: [box(8)] },
    ],
  },
});

describe("citationMap", () => {
  it("cites a passage over a page break at the page its sentence is on", () => {
    const draft = {
      sentences: [{ text: "The total purchase price was $967 million, paid in shares.", cites: ["S1"] }],
      not_found: false,
      short_answer: "$967 million",
    };
    const [c] = citationMap(draft, [overBreak]);
    expect(c?.page).toBe(8);
    expect(c?.bbox).toEqual([box(8)]);
    const early = citationMap(
      { ...draft, sentences: [{ text: "Revenue grew in all regions.", cites: ["S1"] }] },
      [overBreak],
    );
    expect(early[0]?.page).toBe(7);
  });

  it("keeps the passage's first page when the sentence is not found in it", () => {
    const draft = {
      sentences: [{ text: "Something else entirely.", cites: ["S1"] }],
      not_found: false,
      short_answer: null,
    };
    expect(citationMap(draft, [overBreak])[0]?.page).toBe(7);
  });
});

describe("locate", () => {
  it("finds a quote, a shortened quote, or a stated number; -1 otherwise", () => {
    expect(locate("The total purchase price was $967 million [S1]", TEXT)).toBe(TEXT.indexOf("The total"));
    expect(locate("… price was $967 million, paid", TEXT)).toBe(TEXT.indexOf("price was"));
    expect(locate("It cost 967 overall", TEXT)).toBe(TEXT.indexOf("967"));
    expect(locate("Nothing here matches at all", TEXT)).toBe(-1);
  });

  it("looks for what follows a colon first: the answer's own part of the sentence", () => {
    const text =
      "Other income primarily includes the following items:\n\n• Interest income\n• Exchange gains, net";
    const at = locate(
      "Other income primarily includes the following items: Interest income; Exchange gains, net.",
      text,
    );
    expect(at).toBe(text.indexOf("Interest income"));
  });
});
