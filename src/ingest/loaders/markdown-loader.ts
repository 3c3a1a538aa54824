import { basename, extname } from "node:path";
import type { Root } from "mdast";
import remarkFrontmatter from "remark-frontmatter";
import remarkGfm from "remark-gfm";
import remarkMdx from "remark-mdx";
import remarkParse from "remark-parse";
import { unified } from "unified";
import { parse as parseYaml } from "yaml";
import { z } from "zod";
import { describeError } from "../../errors.js";
import type { Loader } from "../parsed-document.js";
import { mdastToBlocks } from "./mdast-to-blocks.js";
import { stripMdxSyntax } from "./mdx-strip.js";
import { normalizeDate } from "./normalize-date.js";
import { assertText } from "./text-sniff.js";

const FrontMatterSchema = z.record(z.string(), z.unknown());
type FrontMatter = z.infer<typeof FrontMatterSchema>;
const DATE_KEYS = ["published_at", "published", "date", "pubDate", "publishDate", "created", "created_at"];

const markdown = unified().use(remarkParse).use(remarkFrontmatter, ["yaml"]).use(remarkGfm);
const mdx = unified().use(remarkParse).use(remarkFrontmatter, ["yaml"]).use(remarkGfm).use(remarkMdx);

/** Markdown and MDX (chosen by extension), with GFM tables and YAML front matter. */
export const loadMarkdown: Loader = async (input) => {
  const source = assertText(input.bytes, input.path);
  const warnings: string[] = [];
  let tree: Root;
  if (extname(input.path).toLowerCase() === ".mdx") {
    try {
      tree = mdx.parse(source);
    } catch (cause) {
      // Real-world MDX often has stray `<` or `{` in prose; plain Markdown still gets the text.
      warnings.push(`MDX parse failed (${describeError(cause)}); read as Markdown with JSX lines removed`);
      tree = markdown.parse(stripMdxSyntax(source));
    }
  } else tree = markdown.parse(source);

  const front = readFrontMatter(tree, warnings);
  const blocks = mdastToBlocks(tree);
  const frontTitle = typeof front.title === "string" ? front.title.trim() : "";
  const firstH1 = blocks.find((b) => b.type === "heading" && b.level === 1)?.text;
  const title = frontTitle || firstH1 || basename(input.path, extname(input.path));
  const dateKey = DATE_KEYS.find((key) => front[key] !== undefined);
  const published_at = dateKey ? normalizeDate(front[dateKey]) : undefined;
  if (blocks.length === 0) warnings.push("no text content found in the document");
  return { kind: "markdown", title, ...(published_at ? { published_at } : {}), blocks, warnings };
};

function readFrontMatter(tree: Root, warnings: string[]): FrontMatter {
  const node = tree.children.find((n) => n.type === "yaml");
  if (node?.type !== "yaml") return {};
  try {
    const parsed = FrontMatterSchema.safeParse(parseYaml(node.value));
    return parsed.success ? parsed.data : {};
  } catch (cause) {
    warnings.push(`front matter is not valid YAML (${describeError(cause)})`);
    return {};
  }
}
