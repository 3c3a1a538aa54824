import { basename, extname } from "node:path";
import type { PDFDocumentProxy, PDFPageProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import { describeError, userError } from "../../errors.js";
import type { Loader, PageInfo } from "../parsed-document.js";
import { assembleBlocks } from "./pdf/assemble.js";
import { layoutPage } from "./pdf/columns.js";
import type { PageSize } from "./pdf/drafts.js";
import { extractPage, type FontNames } from "./pdf/extract-page.js";
import { bodyStyles } from "./pdf/headings.js";
import { metadataTitle, openPdf } from "./pdf/open-document.js";
import { removeRunningLines } from "./pdf/running-lines.js";
import type { PageText } from "./pdf/types.js";
import { captionTables, pageUnits } from "./pdf/units.js";

/** "3", "3-5", "3-5, 9": page numbers as compact ranges for warnings. */
export function pageRanges(pages: readonly number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < pages.length; i++) {
    const start = pages[i] ?? 0;
    let end = start;
    while (pages[i + 1] === end + 1) end = pages[++i] ?? end;
    parts.push(start === end ? `${start}` : `${start}-${end}`);
  }
  return parts.join(", ");
}

/** Every page's text, one page at a time; pdf.js page objects are released as we go. */
async function readPages(doc: PDFDocumentProxy, warnings: string[]): Promise<PageText[]> {
  const fonts: FontNames = new Map();
  const pages: PageText[] = [];
  let last: PageSize = { width: 612, height: 792 };
  for (let n = 1; n <= doc.numPages; n++) {
    let page: PDFPageProxy | undefined;
    try {
      page = await doc.getPage(n);
      const text = await extractPage(page, fonts);
      last = { width: text.width, height: text.height };
      pages.push(text);
    } catch (cause) {
      // One broken page should not cost the rest of the document.
      warnings.push(`page ${n}: unreadable (${describeError(cause)})`);
      pages.push({ page: n, ...last, segments: [] });
    } finally {
      page?.cleanup();
    }
  }
  return pages;
}

/**
 * PDF via pdf.js text items and our own layout analysis: columns and reading order,
 * running headers and footers, headings ranked by font, tables by layout and caption.
 */
export const loadPdf: Loader = async (input) => {
  const name = basename(input.path);
  const doc = await openPdf(input.bytes, name);
  const warnings: string[] = [];
  let pages: PageText[];
  let meta: string | undefined;
  try {
    meta = await metadataTitle(doc);
    pages = await readPages(doc, warnings);
  } finally {
    await doc.destroy();
  }
  const empty = pages.filter((p) => p.segments.length === 0).map((p) => p.page);
  if (empty.length === pages.length) {
    throw userError("pdf_no_text", `${name}: no extractable text (scanned PDF?)`);
  }
  if (empty.length > 0) warnings.push(`no text layer on pages ${pageRanges(empty)}`);
  removeRunningLines(pages);
  const lines = pages.map((p) => layoutPage(p, p.page * 1000));
  const body = bodyStyles(lines.flat());
  const units = captionTables(lines.flatMap((l) => pageUnits(l, body.get(l[0]?.page ?? 0)?.size ?? 0)));
  const sizes = new Map(pages.map((p) => [p.page, { width: p.width, height: p.height }]));
  const { blocks, titleHint } = assembleBlocks(units, sizes);
  const pageInfo: PageInfo[] = pages.map((p) => ({ page_no: p.page, width: p.width, height: p.height }));
  // Metadata when meaningful, else the largest heading of the first pages, else the file name.
  const title = meta ?? titleHint ?? basename(input.path, extname(input.path));
  return { kind: "pdf", title, pages: pageInfo, blocks, warnings };
};
