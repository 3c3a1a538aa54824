import { describe, expect, it } from "vitest";
import { citationHit, citesLocation, normalizeHeading, sameDoc, uriPath } from "./citation-location.js";

const pdf = (page: number) => ({
  uri: "file:///data/corpora/pdf/annual%20report.pdf",
  page,
  heading_path: [],
});

describe("citation location hit", () => {
  it("decodes file URLs and matches the document path at a folder boundary", () => {
    expect(uriPath("file:///data/corpora/pdf/annual%20report.pdf")).toBe(
      "/data/corpora/pdf/annual report.pdf",
    );
    expect(sameDoc("file:///data/corpora/pdf/annual%20report.pdf", "pdf/annual report.pdf")).toBe(true);
    expect(sameDoc("file:///data/corpora/pdf/annual%20report.pdf", "report.pdf")).toBe(false);
    expect(sameDoc("file:///data/corpora/pdf/other.pdf", "pdf/annual report.pdf")).toBe(false);
    expect(sameDoc("file:///x.pdf", "")).toBe(false);
  });

  it("needs the same physical page on a PDF", () => {
    const loc = { doc: "pdf/annual report.pdf", page: 77 };
    expect(citesLocation(pdf(77), loc)).toBe(true);
    // The printed page number (physical - 2 on some reports) is not the location.
    expect(citesLocation(pdf(75), loc)).toBe(false);
    expect(citesLocation({ ...pdf(77), uri: "file:///c/pdf/other.pdf" }, loc)).toBe(false);
  });

  it("needs the heading on the citation's heading path for Markdown and HTML", () => {
    const cite = {
      uri: "file:///c/html/site/config/index.html",
      heading_path: ["Configuration", "Defaults in gfm\\_rag/index.yaml ¶"],
    };
    expect(
      citesLocation(cite, { doc: "html/site/config/index.html", heading: "Defaults in  GFM_rag/index.yaml" }),
    ).toBe(true);
    expect(citesLocation(cite, { doc: "html/site/config/index.html", heading: "Defaults" })).toBe(false);
    expect(citesLocation(cite, { doc: "html/site/other/index.html", heading: "Configuration" })).toBe(false);
  });

  it("normalises escapes, a trailing pilcrow, inline-code backticks, case and whitespace only", () => {
    expect(normalizeHeading("  Soulbound\\_Tokens ¶")).toBe("soulbound_tokens");
    expect(normalizeHeading("`move compile`  Options")).toBe("move compile options");
    expect(normalizeHeading("move-compile")).not.toBe(normalizeHeading("move compile"));
    expect(normalizeHeading("A ¶ B")).toBe("a ¶ b");
  });

  it("hits when any citation matches any location", () => {
    const locs = [
      { doc: "pdf/annual report.pdf", page: 76 },
      { doc: "pdf/annual report.pdf", page: 111 },
    ];
    expect(citationHit([pdf(3), pdf(111)], locs)).toBe(true);
    expect(citationHit([pdf(3), pdf(112)], locs)).toBe(false);
    expect(citationHit([], locs)).toBe(false);
  });
});
