import type { CheerioAPI } from "cheerio";
import type { AnyNode, Element, Text } from "domhandler";

/** Structural guards, so no runtime import of cheerio's internal DOM package is needed. */
export const isElement = (node: AnyNode): node is Element => node.nodeType === 1;
export const isText = (node: AnyNode): node is Text => node.nodeType === 3;

const words = (...lines: string[]): Set<string> => new Set(lines.join(" ").split(" "));

/** Never content: scripts, widgets, form controls. */
const SKIP_TAGS = words(
  "script style noscript template svg math canvas iframe object embed",
  "button input select textarea head meta link title dialog",
);
export const BLOCK_TAGS = words(
  "address article aside blockquote body caption center dd details div dl dt fieldset figcaption figure footer",
  "form h1 h2 h3 h4 h5 h6 header hgroup hr html li main nav ol p pre section summary table ul",
);

/** Elements whose text is never content, including permalink markers such as mkdocs' `¶`. */
export const skipped = (el: Element): boolean =>
  SKIP_TAGS.has(el.name) || /(^|\s)headerlink(\s|$)/.test(el.attribs.class ?? "");

const LANGUAGE_CLASS = /(?:^|\s)(?:language|lang|highlight)-([\w+#.-]+)/;

/**
 * The declared language of a `<pre>`: `class="language-x"` on the code, the pre, or a
 * wrapper (mkdocs puts it on `div.language-x.highlight`, Sphinx on `div.highlight-x`).
 */
export function codeLanguage($: CheerioAPI, pre: Element): string | undefined {
  const candidates = [...$(pre).children("code").toArray(), pre, ...$(pre).parents().slice(0, 3).toArray()];
  for (const el of candidates) {
    const dataLang = el.attribs["data-lang"] ?? el.attribs["data-language"];
    if (dataLang) return dataLang;
    const match = LANGUAGE_CLASS.exec(el.attribs.class ?? "");
    if (match?.[1]) return match[1];
  }
  return undefined;
}

/** Rows of one table (not of tables nested in it), header rows first, as their cells. */
export function tableRows($: CheerioAPI, table: Element): Element[][] {
  const rows = $(table)
    .find("tr")
    .toArray()
    .filter((tr) => $(tr).closest("table").get(0) === table);
  const inHead = (tr: Element): boolean => $(tr).parent().is("thead");
  const ordered = [...rows.filter(inHead), ...rows.filter((tr) => !inHead(tr))];
  return ordered.map((tr) => $(tr).children("th, td").toArray());
}
