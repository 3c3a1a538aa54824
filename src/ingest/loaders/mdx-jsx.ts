import type { RootContent } from "mdast";
// Loads the mdast augmentation that declares the MDX JSX node types.
import type {} from "remark-mdx";

export type JsxElement = Extract<RootContent, { type: "mdxJsxFlowElement" | "mdxJsxTextElement" }>;

/** A JSX element's literal string attributes; `{expression}` values and spreads are code, not content. */
export function jsxAttributes(node: JsxElement): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const attr of node.attributes) {
    if (attr.type === "mdxJsxAttribute" && typeof attr.value === "string") attrs[attr.name] = attr.value;
  }
  return attrs;
}

export interface JsxCard {
  href: string;
  title: string;
  description?: string;
}

/**
 * A link card (Starlight `<LinkCard href title description/>` and look-alikes): a childless
 * component whose attributes carry a link and its label.
 */
export function jsxCard(node: JsxElement): JsxCard | undefined {
  if (!node.name || !/^[A-Z]/.test(node.name)) return undefined;
  const attrs = jsxAttributes(node);
  const href = attrs.href ?? attrs.link;
  const title = attrs.title ?? attrs.label;
  if (!href || !title) return undefined;
  return { href, title, ...(attrs.description ? { description: attrs.description } : {}) };
}
