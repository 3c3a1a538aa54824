import { load } from "cheerio";
import type { List, PhrasingContent, Root, RootContent, Table } from "mdast";
import type { BlockInput } from "../parsed-document.js";
import { htmlToBlocks } from "./html-to-blocks.js";
import { InlineText } from "./inline-text.js";
import { isPhrasing, MdastInline } from "./mdast-inline.js";
import { type JsxElement, jsxAttributes, jsxCard } from "./mdx-jsx.js";
import { createSlugger } from "./slugify.js";

/** mdast (Markdown, GFM, MDX) to blocks in reading order; MDX code (import/export, expressions) is dropped. */
export function mdastToBlocks(tree: Root): BlockInput[] {
  const definitions = new Map<string, string>();
  const collect = (nodes: RootContent[]): void => {
    for (const node of nodes) {
      if (node.type === "definition") definitions.set(node.identifier, node.url);
      else if ("children" in node) collect(node.children as RootContent[]);
    }
  };
  collect(tree.children);
  const walker = new MdastWalker(definitions);
  walker.flow(tree.children);
  return walker.blocks;
}

class MdastWalker {
  readonly blocks: BlockInput[] = [];
  private readonly slug = createSlugger();
  private figures: BlockInput[] = [];
  /** Open list text; a code block or table inside an item splits the list around itself. */
  private list: InlineText | null = null;
  /** A run of MDX link cards (Starlight `<LinkCard>`), rendered as one list. */
  private cards: InlineText | null = null;

  private readonly inline: MdastInline;

  constructor(definitions: Map<string, string>) {
    this.inline = new MdastInline(definitions, (figure) => this.figures.push(figure));
  }

  flow(nodes: RootContent[]): void {
    let run: PhrasingContent[] = [];
    const flushRun = (): void => {
      if (run.length > 0) this.paragraph(run);
      run = [];
    };
    for (const node of nodes) {
      const card = node.type === "mdxJsxFlowElement" ? jsxCard(node) : undefined;
      if (!card) this.flushCards();
      if (isPhrasing(node)) {
        run.push(node);
        continue;
      }
      flushRun();
      if (card) {
        this.cards ??= new InlineText();
        this.cards.newline();
        this.cards.raw("- ");
        this.cards.link(card.href, card.title);
        if (card.description) this.cards.text(` — ${card.description}`);
      } else this.block(node);
    }
    flushRun();
    this.flushCards();
  }

  private block(node: RootContent): void {
    switch (node.type) {
      case "heading": {
        const t = this.inline.text(node.children, { singleLine: true });
        if (!t.isEmpty) {
          const { text, links } = t.finish();
          this.push({ type: "heading", level: node.depth, text, anchor: this.slug(text), links });
        }
        return;
      }
      case "paragraph":
        this.paragraph(node.children);
        return;
      case "list":
        this.listBlock(node);
        return;
      case "code":
        if (node.value.trim() !== "")
          this.push({ type: "code", text: node.value, ...(node.lang ? { language: node.lang } : {}) });
        return;
      case "table":
        this.table(node);
        return;
      case "html": {
        const $ = load(node.value, null, false);
        for (const block of htmlToBlocks($, $.root().toArray())) this.push(block);
        return;
      }
      case "mdxJsxFlowElement":
        this.jsxFlow(node);
        return;
      case "blockquote":
      case "footnoteDefinition":
        this.flow(node.children);
        return;
      default:
        // yaml/toml front matter, definitions, thematic breaks, MDX import/export and {expressions}
        return;
    }
  }

  private jsxFlow(node: JsxElement): void {
    const attrs = jsxAttributes(node);
    if (node.name === "img" || (node.children.length === 0 && attrs.alt)) {
      if (attrs.alt) this.push({ type: "figure", text: attrs.alt });
      return;
    }
    // A container's title (Aside title="...", Card title="...") is visible content.
    if (attrs.title && node.children.length > 0) this.push({ type: "paragraph", text: attrs.title });
    if (node.name === "a" && attrs.href) {
      const t = new InlineText();
      const start = t.beginLink();
      this.inline.flow(node.children, t);
      t.endLink(start, attrs.href);
      if (!t.isEmpty) this.push({ type: "paragraph", ...t.finish() });
      return;
    }
    this.flow(node.children as RootContent[]);
  }

  private paragraph(children: PhrasingContent[]): void {
    const t = this.inline.text(children);
    if (!t.isEmpty) this.push({ type: "paragraph", ...t.finish() });
    else this.drainFigures();
  }

  private table(node: Table): void {
    const t = new InlineText({ singleLine: true, escapePipes: true });
    node.children.forEach((row, r) => {
      if (r > 0) t.raw("\n");
      row.children.forEach((cell, c) => {
        if (c > 0) t.raw(" | ");
        for (const child of cell.children) this.inline.add(child, t);
      });
    });
    if (!t.isEmpty) this.push({ type: "table", ...t.finish() });
  }

  private listBlock(node: List): void {
    this.list = new InlineText();
    this.listItems(node, 0);
    this.flushList(false);
  }

  private listItems(node: List, depth: number): void {
    node.children.forEach((item, i) => {
      const list = this.list ?? new InlineText();
      this.list = list;
      list.newline();
      const marker = node.ordered ? `${(node.start ?? 1) + i}.` : "-";
      const task = item.checked === true ? "[x] " : item.checked === false ? "[ ] " : "";
      list.raw(`${"  ".repeat(depth)}${marker} ${task}`);
      for (const child of item.children) {
        if (child.type === "paragraph") {
          list.text(" ");
          for (const c of child.children) this.inline.add(c, list);
        } else if (child.type === "list") this.listItems(child, depth + 1);
        else {
          this.flushList(true);
          this.block(child);
        }
      }
    });
  }

  private flushList(resume: boolean): void {
    const list = this.list;
    this.list = resume ? new InlineText() : null;
    if (list && !list.isEmpty) this.push({ type: "list", ...list.finish() });
  }

  private flushCards(): void {
    const cards = this.cards;
    this.cards = null;
    if (cards && !cards.isEmpty) this.push({ type: "list", ...cards.finish() });
  }

  private push(block: BlockInput): void {
    this.blocks.push(block);
    this.drainFigures();
  }

  private drainFigures(): void {
    const figures = this.figures;
    this.figures = [];
    for (const figure of figures) this.blocks.push(figure);
  }
}
