import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { glob } from "tinyglobby";
import { describe, expect, it } from "vitest";
import type { ParsedDocumentInput } from "../parsed-document.js";
import { sharedPath } from "../test-helpers.js";
import { loadHtml } from "./html-loader.js";

const ROOT = sharedPath("corpora/html/gfm-rag");
const CHROME = [
  "Back to top",
  "Made with",
  "Material for MkDocs",
  "Skip to content",
  "Table of contents",
  "¶",
];

describe.skipIf(!existsSync(ROOT))("loadHtml on the gfm-rag mkdocs-material site", async () => {
  const files = existsSync(ROOT) ? (await glob("**/*.html", { cwd: ROOT })).sort() : [];
  const docs = new Map<string, ParsedDocumentInput>();
  for (const file of files) {
    const path = join(ROOT, file);
    docs.set(file, await loadHtml({ path, uri: `file://${path}`, bytes: readFileSync(path) }));
  }

  it("parses all 16 pages with a title and content", () => {
    expect(files).toHaveLength(16);
    for (const [file, doc] of docs) {
      expect(doc.blocks.length, file).toBeGreaterThan(3);
      expect(doc.title, file).not.toMatch(/ - GFM-RAG$/);
    }
    expect(docs.get("install/index.html")?.title).toBe("Install");
  });

  it("leaves out navigation, header and footer text", () => {
    for (const [file, doc] of docs) {
      // Content starts at the H1: nothing from the header or the sidebar comes before it.
      const first = doc.blocks[0];
      expect(first?.type, file).toBe("heading");
      expect(first?.level, file).toBe(1);
      for (const block of doc.blocks.filter((b) => b.type !== "code")) {
        for (const chrome of CHROME) expect(block.text, file).not.toContain(chrome);
      }
    }
  });

  it("gives every heading its id as anchor", () => {
    const headings = [...docs.values()].flatMap((d) => d.blocks.filter((b) => b.type === "heading"));
    expect(headings.length).toBeGreaterThan(100);
    for (const h of headings) expect(h.anchor, h.text).toMatch(/\S/);
    const install = docs.get("install/index.html")?.blocks.filter((b) => b.type === "heading");
    expect(install?.slice(0, 2).map((h) => [h.level, h.text, h.anchor])).toEqual([
      [1, "Install", "install"],
      [2, "Requirements", "requirements"],
    ]);
  });

  it("keeps relative links, tables and code languages", () => {
    const install = docs.get("install/index.html");
    expect(install?.blocks[1]?.links?.map((l) => l.href)).toEqual([
      "../getting_started/quick_start/",
      "../workflow/data_format/",
    ]);
    const blocks = [...docs.values()].flatMap((d) => d.blocks);
    for (const block of blocks) {
      for (const link of block.links ?? []) {
        expect(block.text.slice(link.offset, link.offset + link.text.length)).toBe(link.text);
      }
    }
    expect(blocks.filter((b) => b.type === "table").length).toBeGreaterThan(10);
    expect(new Set(blocks.filter((b) => b.type === "code").map((b) => b.language))).toEqual(
      new Set(["bash", "yaml", "python", "json", "text"]),
    );
  });
});
