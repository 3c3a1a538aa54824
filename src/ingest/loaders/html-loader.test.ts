import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { BlockInput, LoaderInput } from "../parsed-document.js";
import { loadHtml, pageTitle } from "./html-loader.js";

const fixture = (name: string): LoaderInput => {
  const path = fileURLToPath(new URL(`../../../test/fixtures/docs/${name}`, import.meta.url));
  return { path, uri: `file://${path}`, bytes: readFileSync(path) };
};
const html = (markup: string): LoaderInput => ({
  path: "/site/page.html",
  uri: "file:///site/page.html",
  bytes: new TextEncoder().encode(markup),
});
const texts = (blocks: BlockInput[]): string => blocks.map((b) => b.text).join("\n");

describe("loadHtml on a mkdocs-material page", async () => {
  const doc = await loadHtml(fixture("mkdocs-page.html"));

  it("keeps the article only: no header, sidebar, footer, buttons, scripts or ¶ markers", () => {
    const all = texts(doc.blocks);
    for (const chrome of [
      "Pump Docs",
      "sidebar",
      "Next: Training",
      "Material for MkDocs",
      "Back to top",
      "¶",
      "tracking",
    ]) {
      expect(all).not.toContain(chrome);
    }
    expect(all).not.toContain("config.yaml");
  });

  it("strips the site suffix from <title> and reads the published date", () => {
    expect(doc.title).toBe("Quick Start");
    expect(doc.published_at).toBe("2024-05-01T10:00:00.000Z");
  });

  it("takes heading anchors from the heading id or an anchor inside it", () => {
    const headings = doc.blocks.filter((b) => b.type === "heading").map((b) => [b.level, b.text, b.anchor]);
    expect(headings).toEqual([
      [1, "Quick Start", "quick-start"],
      [2, "Configure", "configure"],
      [3, "Limits", "limits"],
    ]);
  });

  it("keeps relative hrefs as written with offsets into the block text", () => {
    const para = doc.blocks[1];
    expect(para?.links).toEqual([
      { href: "../install/", text: "the install page", offset: 19 },
      { href: "#configure", text: "Configure", offset: 40 },
    ]);
    for (const block of doc.blocks) {
      for (const link of block.links ?? []) {
        expect(block.text.slice(link.offset, link.offset + link.text.length)).toBe(link.text);
      }
    }
  });

  it("reads code language from the mkdocs wrapper and skips line-number anchors", () => {
    const code = doc.blocks.filter((b) => b.type === "code");
    expect(code).toEqual([
      { type: "code", text: "rate: 5", language: "yaml" },
      { type: "code", text: "pump-ctl selftest", language: "bash" },
    ]);
  });

  it("renders tables header first, with caption and links", () => {
    const table = doc.blocks.find((b) => b.type === "table");
    expect(table).toMatchObject({
      text: "Model | Max flow\nSP-200 | 14 m3/h\nSP-350 | 21 m3/h",
      caption: "Pump limits",
      links: [{ href: "../models/#sp-350", text: "SP-350", offset: 34 }],
    });
  });

  it("splits a list around a code block and keeps nesting; figures from <figure> and inline images", () => {
    const lists = doc.blocks.filter((b) => b.type === "list").map((b) => b.text);
    expect(lists).toEqual(["- Check the seals\n  - weekly\n- Run the self-test:", "- Done."]);
    const figures = doc.blocks.filter((b) => b.type === "figure");
    expect(figures).toEqual([
      { type: "figure", text: "Figure 1: the pump", caption: "Figure 1: the pump" },
      { type: "figure", text: "status icon" },
    ]);
  });
});

describe("loadHtml on a page without <main>", () => {
  it("uses the body minus header, nav, aside and footer", async () => {
    const doc = await loadHtml(fixture("plain-page.html"));
    expect(doc.title).toBe("Field Report");
    expect(doc.published_at).toBe("2022-07-14");
    expect(doc.blocks.map((b) => b.text)).toEqual([
      "Field report",
      "First paragraph with the full report.",
      "Loose text in a div with emphasis.",
    ]);
  });

  it("rejects empty pages and keeps <pre><code class=language-x>", async () => {
    await expect(loadHtml(html("  \n"))).rejects.toMatchObject({ code: "empty_file" });
    const doc = await loadHtml(html('<pre><code class="language-rust">fn main() {}</code></pre>'));
    expect(doc.blocks).toEqual([{ type: "code", text: "fn main() {}", language: "rust" }]);
    expect(doc.title).toBe("page");
  });
});

describe("pageTitle", () => {
  it("strips a suffix only when it is clearly the site name or the rest is the H1", () => {
    expect(pageTitle("Install - GFM-RAG", "GFM-RAG")).toBe("Install");
    expect(pageTitle("Retrieval and QA - GFM-RAG", "GFM-RAG", "GFM-RAG Retrieval")).toBe("Retrieval and QA");
    expect(pageTitle("War - What Is It Good For", undefined, "Some other h1")).toBe(
      "War - What Is It Good For",
    );
    expect(pageTitle("", undefined, "Heading")).toBe("Heading");
  });
});
