import type { PDFPageProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import { Util } from "pdfjs-dist/legacy/build/pdf.mjs";
import { buildSegments } from "./segments.js";
import type { PageText, Run } from "./types.js";

/** pdf.js font ids (`g_d0_f1`) are document-wide, so one cache serves every page. */
export type FontNames = Map<string, string>;

interface TextStyle {
  ascent?: number;
  descent?: number;
  fontFamily?: string;
}

const BOLD_FONT = /bold|black|heavy|demi|semibold|medi|(?:^|[-,+_])(?:bd|md|hv|sb)(?:$|[-,_])|^cmbx/i;
const ITALIC_FONT = /italic|oblique|ital\b|(?:^|[-,+_])(?:it|ob)(?:$|[-,_])|^cmti/i;
// Fonts without a Unicode map come out as control characters: that text is noise.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\ufffd]/g;

/** The style part of a font name without its subset prefix ("ABCDEF+Times-Bold" → "Times-Bold"). */
export function fontStyleName(name: string): string {
  return name.replace(/^[A-Z]{6}\+/, "");
}

export const isBoldFont = (name: string): boolean => BOLD_FONT.test(fontStyleName(name));
export const isItalicFont = (name: string): boolean => ITALIC_FONT.test(fontStyleName(name));

function commonFontName(page: PDFPageProxy, id: string): string | undefined {
  if (!page.commonObjs.has(id)) return undefined;
  const font: unknown = page.commonObjs.get(id);
  if (typeof font === "object" && font !== null && "name" in font && typeof font.name === "string") {
    return font.name;
  }
  return undefined;
}

/**
 * Text of one page as positioned runs, grouped into segments. Real font names (for bold)
 * only exist once pdf.js has built the page's operator list, so that costly step runs
 * only for pages that use a font not seen before.
 */
export async function extractPage(page: PDFPageProxy, fonts: FontNames): Promise<PageText> {
  const viewport = page.getViewport({ scale: 1 });
  const content = await page.getTextContent();
  const styles = content.styles as Record<string, TextStyle | undefined>;
  const items = content.items.filter((it) => "str" in it && it.str.trim() !== "");
  const missing = items.some((it) => "fontName" in it && !fonts.has(it.fontName));
  if (missing) {
    await page.getOperatorList();
    for (const it of items) {
      if (!("fontName" in it) || fonts.has(it.fontName)) continue;
      fonts.set(it.fontName, commonFontName(page, it.fontName) ?? it.fontName);
    }
  }
  const runs: Run[] = [];
  for (const it of items) {
    if (!("str" in it)) continue;
    const text = it.str.replace(CONTROL, "");
    if (text.trim().length < it.str.trim().length / 2 || text.trim() === "") continue;
    // Page matrix × text matrix: device space at scale 1, top-left origin, rotation applied.
    const m: number[] = Util.transform(viewport.transform, it.transform);
    const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = m;
    // Only upright horizontal text takes part in layout; rotated margin notes are dropped.
    if (a <= 0 || Math.abs(b) > 0.05 * a || Math.abs(c) > 0.05 * Math.abs(d)) continue;
    const size = Math.hypot(c, d);
    if (size < 1) continue;
    const style = styles[it.fontName];
    const ascent = style?.ascent && style.ascent > 0.5 && style.ascent < 1.2 ? style.ascent : 0.8;
    const descent = style?.descent && style.descent < 0 && style.descent > -0.5 ? -style.descent : 0.2;
    const font = fonts.get(it.fontName) ?? it.fontName;
    const width = Math.max(0, Math.min(it.width, viewport.width * 1.5));
    runs.push({
      text,
      x0: e,
      x1: e + width,
      base: f,
      top: f - ascent * size,
      bottom: f + descent * size,
      size,
      font,
      bold: isBoldFont(font),
      italic: isItalicFont(font),
      mono:
        style?.fontFamily === "monospace" && !/^(?:CMSY|CMMI|Symbol|MS Mincho)/i.test(fontStyleName(font)),
    });
  }
  return {
    page: page.pageNumber,
    width: viewport.width,
    height: viewport.height,
    segments: buildSegments(runs),
  };
}
