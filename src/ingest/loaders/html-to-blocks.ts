import type { CheerioAPI } from "cheerio";
import type { AnyNode, Element } from "domhandler";
import type { BlockInput } from "../parsed-document.js";
import { BLOCK_TAGS, codeLanguage, isElement, isText, skipped, tableRows } from "./html-dom.js";
import { InlineText } from "./inline-text.js";

/**
 * Turns an HTML subtree into blocks in reading order. Shared by the HTML and DOCX loaders
 * (DOCX goes through mammoth's HTML), and by the Markdown loader for raw HTML blocks.
 */
export function htmlToBlocks($: CheerioAPI, roots: AnyNode[]): BlockInput[] {
  const walker = new HtmlWalker($);
  walker.flow(roots);
  walker.closeParagraph();
  return walker.blocks;
}

class HtmlWalker {
  readonly blocks: BlockInput[] = [];
  private para: InlineText | null = null;
  /** Open list text while inside ul/ol; a nested pre/table splits the list around itself. */
  private list: InlineText | null = null;
  /** Images met inside running text; emitted as figure blocks after that block. */
  private figures: BlockInput[] = [];

  constructor(private readonly $: CheerioAPI) {}

  flow(nodes: AnyNode[]): void {
    for (const node of nodes) {
      if (isText(node)) this.paragraph().text(node.data);
      else if (node.nodeType === 9 && "children" in node) {
        // A parsed fragment's document root: its children are the content.
        this.flow(node.children);
      } else if (!isElement(node) || skipped(node)) continue;
      else if (BLOCK_TAGS.has(node.name)) {
        this.closeParagraph();
        this.block(node);
      } else this.inline(node, this.paragraph());
    }
  }

  closeParagraph(): void {
    const para = this.para;
    this.para = null;
    if (para && !para.isEmpty) this.push({ type: "paragraph", ...para.finish() });
    this.drainFigures();
  }

  private paragraph(): InlineText {
    this.para ??= new InlineText();
    return this.para;
  }

  private push(block: BlockInput): void {
    this.blocks.push(block);
    if (block.type !== "figure") this.drainFigures();
  }

  private drainFigures(): void {
    const figures = this.figures;
    this.figures = [];
    for (const figure of figures) this.blocks.push(figure);
  }

  private block(el: Element): void {
    const heading = /^h([1-6])$/.exec(el.name);
    if (heading) this.heading(el, Number(heading[1]));
    else if (el.name === "ul" || el.name === "ol") this.listBlock(el);
    else if (el.name === "pre") this.code(el);
    else if (el.name === "table") this.table(el);
    else if (el.name === "figure") this.figure(el);
    else if (el.name !== "hr") {
      this.flow(el.children);
      this.closeParagraph();
    }
  }

  private heading(el: Element, level: number): void {
    const t = new InlineText({ singleLine: true });
    this.inlineChildren(el, t);
    if (t.isEmpty) return;
    const inner = this.$(el).find("[id], a[name]").first();
    const anchor = el.attribs.id || inner.attr("id") || inner.attr("name");
    this.push({ type: "heading", level, ...t.finish(), ...(anchor ? { anchor } : {}) });
  }

  private code(pre: Element): void {
    const text = this.$(pre).text().replace(/\n+$/, "");
    if (text.trim() === "") return;
    const language = codeLanguage(this.$, pre);
    this.push({ type: "code", text, ...(language ? { language } : {}) });
  }

  private table(el: Element): void {
    // Pygments line-numbered code comes as a two-cell table; it is code, not a table.
    const codePre = this.$(el).is(".highlighttable") ? this.$(el).find("td.code pre").get(0) : undefined;
    if (codePre) {
      this.code(codePre);
      return;
    }
    const t = new InlineText({ singleLine: true, escapePipes: true });
    tableRows(this.$, el).forEach((row, r) => {
      if (r > 0) t.raw("\n");
      row.forEach((cell, i) => {
        if (i > 0) t.raw(" | ");
        this.inlineChildren(cell, t);
      });
    });
    if (t.isEmpty) return;
    const caption = this.$(el).children("caption").first().text().replace(/\s+/g, " ").trim();
    this.push({ type: "table", ...t.finish(), ...(caption ? { caption } : {}) });
  }

  private figure(el: Element): void {
    const $el = this.$(el);
    const caption = $el.children("figcaption").first().text().replace(/\s+/g, " ").trim();
    const table = $el.find("table").get(0);
    if (table) {
      const before = this.blocks.length;
      this.table(table);
      const block = this.blocks[before];
      if (block && caption && !block.caption) block.caption = caption;
      return;
    }
    const pre = $el.find("pre").get(0);
    if (pre) {
      this.code(pre);
      return;
    }
    const alt = $el
      .find("img[alt]")
      .toArray()
      .map((img) => img.attribs.alt?.trim() ?? "");
    const text = caption || alt.filter(Boolean).join(" ");
    if (text) this.push({ type: "figure", text, ...(caption ? { caption } : {}) });
  }

  private listBlock(el: Element): void {
    this.closeParagraph();
    const outer = this.list === null;
    if (outer) this.list = new InlineText();
    this.listItems(el, outer ? 0 : 1);
    if (outer) this.flushList(false);
  }

  private listItems(el: Element, depth: number): void {
    const start = Number.parseInt(el.attribs.start ?? "1", 10) || 1;
    const items = el.children.filter((c): c is Element => isElement(c) && c.name === "li");
    items.forEach((li, i) => {
      const list = this.list ?? new InlineText();
      this.list = list;
      list.newline();
      list.raw(`${"  ".repeat(depth)}${el.name === "ol" ? `${start + i}.` : "-"} `);
      this.listContent(li.children, depth);
    });
  }

  private listContent(nodes: AnyNode[], depth: number): void {
    for (const node of nodes) {
      const list = this.list ?? new InlineText();
      this.list = list;
      if (isText(node)) list.text(node.data);
      else if (!isElement(node) || skipped(node)) continue;
      else if (node.name === "ul" || node.name === "ol") this.listItems(node, depth + 1);
      else if (["pre", "table", "figure", "h1", "h2", "h3", "h4", "h5", "h6"].includes(node.name)) {
        this.flushList(true);
        this.block(node);
      } else if (BLOCK_TAGS.has(node.name)) {
        list.text(" ");
        this.listContent(node.children, depth);
        list.text(" ");
      } else this.inline(node, list);
    }
  }

  /** Emits the list text gathered so far; `resume` starts a continuation after a split. */
  private flushList(resume: boolean): void {
    const list = this.list;
    this.list = resume ? new InlineText() : null;
    if (list && !list.isEmpty) this.push({ type: "list", ...list.finish() });
    else this.drainFigures();
  }

  private inlineChildren(el: Element, t: InlineText): void {
    for (const child of el.children) this.inline(child, t);
  }

  private inline(node: AnyNode, t: InlineText): void {
    if (isText(node)) t.text(node.data);
    else if (!isElement(node) || skipped(node)) return;
    else if (node.name === "br") t.newline();
    else if (node.name === "img") {
      const alt = node.attribs.alt?.trim();
      if (alt) this.figures.push({ type: "figure", text: alt });
    } else {
      const href = node.name === "a" ? node.attribs.href : undefined;
      const start = t.beginLink();
      // Block elements inside running text (a <p> in a table cell) still separate words.
      if (BLOCK_TAGS.has(node.name)) t.text(" ");
      this.inlineChildren(node, t);
      if (BLOCK_TAGS.has(node.name)) t.text(" ");
      if (href !== undefined) t.endLink(start, href);
    }
  }
}
