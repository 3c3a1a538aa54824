import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { glob } from "tinyglobby";
import { describe, expect, it } from "vitest";
import type { ParsedDocumentInput } from "../parsed-document.js";
import { sharedPath } from "../test-helpers.js";
import { loadMarkdown } from "./markdown-loader.js";

const ROOT = sharedPath("corpora/markdown/aptos-docs");

describe.skipIf(!existsSync(ROOT))("loadMarkdown on the aptos-docs MDX corpus", async () => {
  const files = existsSync(ROOT) ? (await glob("**/*.{md,mdx}", { cwd: ROOT })).sort() : [];
  const docs = new Map<string, ParsedDocumentInput>();
  for (const file of files) {
    const path = join(ROOT, file);
    docs.set(file, await loadMarkdown({ path, uri: `file://${path}`, bytes: readFileSync(path) }));
  }

  it("parses all 39 files as MDX without falling back", () => {
    expect(files).toHaveLength(39);
    for (const [file, doc] of docs) {
      expect(doc.warnings ?? [], file).toEqual([]);
      expect(doc.blocks.length, file).toBeGreaterThan(0);
      expect(doc.title, file).not.toBe("");
    }
  });

  it("leaks no import/export statements or component tags outside code blocks", () => {
    for (const [file, doc] of docs) {
      const source = readFileSync(join(ROOT, file), "utf8");
      // Components are whatever the page imports: none of them may appear as a tag.
      const components = [...source.matchAll(/^import\s+(?:\{([^}]*)\}|(\w+))/gm)].flatMap((m) =>
        (m[1] ?? m[2] ?? "").split(",").map((s) => s.trim()),
      );
      for (const block of doc.blocks.filter((b) => b.type !== "code")) {
        expect(block.text, file).not.toMatch(/^\s*(import|export)\s.*(from\s|[{=])/m);
        for (const name of components.filter(Boolean)) expect(block.text, file).not.toContain(`<${name}`);
      }
    }
  });

  it("gives every heading a level and a slug anchor, unique per document", () => {
    for (const [file, doc] of docs) {
      const headings = doc.blocks.filter((b) => b.type === "heading");
      for (const h of headings) {
        expect(h.level, file).toBeGreaterThanOrEqual(1);
        expect(h.anchor, file).toMatch(/^[\p{L}\p{M}\p{N}_-]+$/u);
      }
      const anchors = headings.map((h) => h.anchor);
      expect(new Set(anchors).size, file).toBe(anchors.length);
    }
  });

  it("keeps site-absolute links as written, with offsets pointing at the anchor text", () => {
    const hrefs = new Set<string>();
    for (const doc of docs.values()) {
      for (const block of doc.blocks) {
        for (const link of block.links ?? []) {
          hrefs.add(link.href);
          expect(block.text.slice(link.offset, link.offset + link.text.length)).toBe(link.text);
        }
      }
    }
    expect(hrefs).toContain("/build/smart-contracts/objects");
    expect(hrefs).toContain("/build/smart-contracts/why-move");
  });

  it("keeps code languages and GFM tables", () => {
    const blocks = [...docs.values()].flatMap((d) => d.blocks);
    const languages = new Set(blocks.filter((b) => b.type === "code").map((b) => b.language));
    expect(languages).toContain("move");
    expect(blocks.filter((b) => b.type === "table").length).toBeGreaterThan(10);
    const whyMove = docs.get("smart-contracts/why-move.mdx");
    expect(whyMove?.blocks.find((b) => b.type === "table")?.text.split("\n")[0]).toBe(
      "Principle | Explanation",
    );
  });
});
