import { describe, expect, it } from "vitest";
import { parseFilterArg } from "./parse-retrieval-filter.js";
import {
  chunkPasses,
  filterKey,
  globToRegex,
  headingPathMatches,
  inDateRange,
  normalizeFilter,
  RetrievalFilterSchema,
  uriMatches,
} from "./retrieval-filter.js";

const doc = {
  uri: "file:///c/pdf/report_2021.pdf",
  kind: "pdf",
  published_at: "2022-02-24",
  last_modified: "2024-05-01T10:00:00.000Z",
};
const chunk = {
  heading_path: ["ITEM 7. MANAGEMENT'S DISCUSSION", "Liquidity"],
  page_start: 60,
  page_end: 61,
};

describe("RetrievalFilterSchema", () => {
  it("is strict and checks ranges", () => {
    expect(RetrievalFilterSchema.safeParse({ uri: "a", pages: { from: 1, to: 2 } }).success).toBe(true);
    expect(RetrievalFilterSchema.safeParse({ url: "a" }).success).toBe(false);
    expect(RetrievalFilterSchema.safeParse({ pages: { from: 9, to: 2 } }).success).toBe(false);
    expect(RetrievalFilterSchema.safeParse({ pages: {} }).success).toBe(false);
    expect(RetrievalFilterSchema.safeParse({ kind: "pdfx" }).success).toBe(false);
    expect(RetrievalFilterSchema.safeParse({ published: { from: "24/02/2022" } }).success).toBe(false);
    expect(RetrievalFilterSchema.safeParse({ published: { from: "2022", to: "2022-01" } }).success).toBe(
      true,
    );
  });
});

describe("chunkPasses", () => {
  it("passes everything without a filter", () => {
    expect(chunkPasses(normalizeFilter({}), {}, doc)).toBe(true);
  });
  it("matches uri exactly or by glob", () => {
    expect(uriMatches("*report_*.pdf", doc.uri)).toBe(true);
    expect(uriMatches("*.PDF", doc.uri)).toBe(false);
    expect(uriMatches("file:///c/pdf/report_2021.pdf", doc.uri)).toBe(true);
    expect(uriMatches("report_2021.pdf", doc.uri)).toBe(false);
    expect(uriMatches("file:///c/pdf/report_202?.pdf", doc.uri)).toBe(true);
    // Regex characters in a pattern are literal.
    expect(uriMatches("file:///c/pdf/report.2021.pdf", "file:///c/pdf/report_2021.pdf")).toBe(false);
    expect(globToRegex("a.b*")).toBe("^a\\.b.*$");
  });
  it("matches kinds and dates at the bound's precision", () => {
    expect(chunkPasses(normalizeFilter({ kind: ["markdown", "pdf"] }), chunk, doc)).toBe(true);
    expect(chunkPasses(normalizeFilter({ kind: "html" }), chunk, doc)).toBe(false);
    expect(inDateRange("2022-02-24", { from: "2022", to: "2022" })).toBe(true);
    expect(inDateRange("2022-12-31T23:59:00Z", { to: "2022-12-31" })).toBe(true);
    expect(inDateRange("2023-01-01", { to: "2022-12-31" })).toBe(false);
    expect(inDateRange(undefined, { from: "2000" })).toBe(false);
    expect(chunkPasses(normalizeFilter({ modified: { from: "2024-05-02" } }), chunk, doc)).toBe(false);
    expect(chunkPasses(normalizeFilter({ published: { from: "2022-02" } }), chunk, doc)).toBe(true);
  });
  it("keeps chunks whose pages overlap and drops unpaged chunks", () => {
    expect(chunkPasses(normalizeFilter({ pages: { from: 61, to: 80 } }), chunk, doc)).toBe(true);
    expect(chunkPasses(normalizeFilter({ pages: { from: 62 } }), chunk, doc)).toBe(false);
    expect(chunkPasses(normalizeFilter({ pages: { to: 59 } }), chunk, doc)).toBe(false);
    expect(chunkPasses(normalizeFilter({ pages: { to: 59 } }), { heading_path: [] }, doc)).toBe(false);
  });
  it("matches heading path prefixes segment by segment", () => {
    expect(headingPathMatches(chunk.heading_path, ["item 7"])).toBe(true);
    expect(headingPathMatches(["Item 7A. Market risk"], ["item 7"])).toBe(false);
    expect(headingPathMatches(chunk.heading_path, ["item 7", "liquidity"])).toBe(true);
    expect(headingPathMatches(chunk.heading_path, ["item 7", "liq"])).toBe(false);
    expect(headingPathMatches(chunk.heading_path, ["item", "liquidity"])).toBe(true);
    expect(headingPathMatches(chunk.heading_path, ["liquidity"])).toBe(false);
    expect(headingPathMatches(["Item 70"], ["item 7"])).toBe(false);
    expect(chunkPasses(normalizeFilter({ section: "Item 7 >  Liquidity" }), chunk, doc)).toBe(true);
    expect(chunkPasses(normalizeFilter({ section: ["Item 8", "Item 7"] }), chunk, doc)).toBe(true);
    expect(chunkPasses(normalizeFilter({ section: "Item 8" }), chunk, doc)).toBe(false);
  });
});

describe("parseFilterArg", () => {
  it("reads JSON and the compact form alike", () => {
    const json = parseFilterArg('{"uri":"*report*","pages":{"from":50,"to":80}}');
    const compact = parseFilterArg("uri=*report*; pages=50-80");
    expect(json).toEqual({ ok: true, filter: { uri: "*report*", pages: { from: 50, to: 80 } } });
    expect(compact).toEqual(json);
  });
  it("reads lists, open and single-value ranges", () => {
    const parsed = parseFilterArg("kind=pdf|docx;published=2021..;pages=..9;modified=2024;section=A > B|C");
    expect(parsed).toEqual({
      ok: true,
      filter: {
        kind: ["pdf", "docx"],
        published: { from: "2021" },
        pages: { to: 9 },
        modified: { from: "2024", to: "2024" },
        section: ["A > B", "C"],
      },
    });
  });
  it("explains what is wrong", () => {
    const bad = parseFilterArg("pages=80-50");
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.message).toMatch(/filter\.pages: page range: from is after to/);
    const unknown = parseFilterArg('{"colour":"red"}');
    expect(unknown.ok ? "" : unknown.message).toMatch(/colour/);
    expect(parseFilterArg("{oops").ok).toBe(false);
    expect(parseFilterArg("pages").ok).toBe(false);
  });
});

describe("filterKey", () => {
  it("is the same for the same filter written differently, and differs otherwise", () => {
    expect(filterKey({ kind: ["pdf", "html"] })).toBe(filterKey({ kind: ["html", "pdf"] }));
    expect(filterKey({ pages: { from: 1, to: 2 } })).not.toBe(filterKey({ pages: { from: 1, to: 3 } }));
    expect(filterKey({})).toBe("");
    expect(filterKey(undefined)).toBe("");
  });
});
