import { basename, extname } from "node:path";
import { type CheerioAPI, load } from "cheerio";
import type { AnyNode } from "domhandler";
import type { Loader } from "../parsed-document.js";
import { htmlToBlocks } from "./html-to-blocks.js";
import { normalizeDate } from "./normalize-date.js";
import { assertText } from "./text-sniff.js";

/** Site chrome that is never page content, wherever it sits. */
const CHROME = [
  ...[
    "script",
    "style",
    "noscript",
    "template",
    "nav",
    "aside",
    "dialog",
    "button",
    "form",
    "[role=navigation]",
  ],
  ...[".md-sidebar", ".md-header", ".md-footer", ".md-source-file", ".md-content__button", ".headerlink"],
  // mkdocs prints the code language (or a file name) above each code block: not content.
  ...["[hidden]", "[aria-hidden=true]", ".highlight > .filename"],
].join(", ");
/** Only dropped when falling back to the whole body (inside `main` they are the article's own). */
const BODY_CHROME = "header, footer, [role=banner], [role=contentinfo]";
const MAIN_CANDIDATES = ["main", "[role=main]", "article", ".md-content"];
const DATE_META = [
  'meta[property="article:published_time"]',
  'meta[name="article:published_time"]',
  'meta[itemprop="datePublished"]',
  'meta[name="date"]',
  'meta[name="dc.date"]',
  'meta[name="DC.date"]',
  'meta[name="dcterms.created"]',
];

export const loadHtml: Loader = async (input) => {
  const $ = load(assertText(input.bytes, input.path));
  const docTitle = $("title").first().text().replace(/\s+/g, " ").trim();
  const siteName = readSiteName($);
  const publishedAt = DATE_META.map((sel) => $(sel).attr("content")).find((v) => v?.trim());

  $(CHROME).remove();
  const roots = mainContent($);
  const blocks = htmlToBlocks($, roots);
  const firstH1 = blocks.find((b) => b.type === "heading" && b.level === 1)?.text;
  const title = pageTitle(docTitle, siteName, firstH1) || basename(input.path, extname(input.path));
  const published_at = publishedAt ? normalizeDate(publishedAt) : undefined;
  return {
    kind: "html",
    title,
    ...(published_at ? { published_at } : {}),
    blocks,
    warnings: blocks.length === 0 ? ["no text content found in the page"] : [],
  };
};

function mainContent($: CheerioAPI): AnyNode[] {
  for (const selector of MAIN_CANDIDATES) {
    const found = $(selector).filter((_, el) => $(el).text().trim() !== "");
    // Several <article>s mean a listing page: the body is the better unit.
    if (found.length === 1) {
      found.find("footer").remove();
      return found.toArray();
    }
  }
  $("body").find(BODY_CHROME).remove();
  const body = $("body");
  return body.length > 0 ? body.toArray() : $.root().toArray();
}

/** The site's own name, used to recognise a " - Site" suffix on <title>. */
function readSiteName($: CheerioAPI): string | undefined {
  const meta = $('meta[property="og:site_name"], meta[name="application-name"]').attr("content");
  // mkdocs-material shows the site name as the first header topic.
  const mkdocs = $(".md-header__topic").first().text();
  return [meta, mkdocs].map((s) => s?.replace(/\s+/g, " ").trim()).find((s) => s);
}

/** `<title>` without a site suffix, when the suffix is clearly the site's name or the rest is the H1. */
export function pageTitle(docTitle: string, siteName?: string, firstH1?: string): string {
  const same = (a?: string, b?: string): boolean =>
    !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();
  for (const sep of docTitle.matchAll(/\s[-|–—·:]\s/g)) {
    const head = docTitle.slice(0, sep.index).trim();
    const tail = docTitle.slice(sep.index + sep[0].length).trim();
    if (same(tail, siteName) || same(head, firstH1)) return head;
  }
  return docTitle || firstH1 || "";
}
