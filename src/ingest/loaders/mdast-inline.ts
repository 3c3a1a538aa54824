import type { PhrasingContent, RootContent } from "mdast";
import type { BlockInput } from "../parsed-document.js";
import { InlineText, type InlineTextOptions } from "./inline-text.js";
import { jsxAttributes } from "./mdx-jsx.js";

/** Phrasing node types; `html` is left out because at flow level it is a block of raw HTML. */
const PHRASING = new Set([
  ...["text", "emphasis", "strong", "delete", "inlineCode", "link", "linkReference", "image"],
  ...["imageReference", "break", "footnoteReference", "mdxJsxTextElement", "mdxTextExpression"],
]);
export const isPhrasing = (node: RootContent): node is PhrasingContent => PHRASING.has(node.type);

/** Inline mdast (phrasing content) into an `InlineText`: text, links with offsets, images as figures. */
export class MdastInline {
  constructor(
    /** Link reference definitions (`[id]: url`) of the document. */
    private readonly definitions: Map<string, string>,
    private readonly onFigure: (figure: BlockInput) => void,
  ) {}

  /** Flow content read as inline text (JSX children inside a link, for instance). */
  flow(nodes: RootContent[], t: InlineText): void {
    for (const node of nodes) {
      if (isPhrasing(node)) this.add(node, t);
      else if ("children" in node) this.flow(node.children as RootContent[], t);
    }
  }

  text(children: PhrasingContent[], options: InlineTextOptions = {}): InlineText {
    const t = new InlineText(options);
    for (const child of children) this.add(child, t);
    return t;
  }

  add(node: PhrasingContent, t: InlineText): void {
    switch (node.type) {
      case "text":
      case "inlineCode":
        t.text(node.value);
        return;
      case "break":
        t.newline();
        return;
      case "html":
        // Inline raw HTML: keep only its text (`<br>` is a line break).
        if (/^<br\s*\/?>$/i.test(node.value)) t.newline();
        else t.text(node.value.replace(/<[^>]*>/g, ""));
        return;
      case "image":
      case "imageReference":
        if (node.alt) this.onFigure({ type: "figure", text: node.alt });
        return;
      case "link":
      case "linkReference": {
        const href = node.type === "link" ? node.url : this.definitions.get(node.identifier);
        const start = t.beginLink();
        for (const child of node.children) this.add(child, t);
        if (href !== undefined) t.endLink(start, href);
        return;
      }
      case "mdxJsxTextElement": {
        const attrs = jsxAttributes(node);
        if (node.name === "br") {
          t.newline();
          return;
        }
        if (node.name === "img" && attrs.alt) this.onFigure({ type: "figure", text: attrs.alt });
        const start = t.beginLink();
        this.flow(node.children as RootContent[], t);
        if (attrs.href) t.endLink(start, attrs.href);
        return;
      }
      case "emphasis":
      case "strong":
      case "delete":
        for (const child of node.children) this.add(child, t);
        return;
      default:
        // footnote references, {expressions}
        return;
    }
  }
}
