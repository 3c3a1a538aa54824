import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { BlockInput, LoaderInput } from "../parsed-document.js";
import { loadMarkdown } from "./markdown-loader.js";

const fixture = (name: string): LoaderInput => {
  const path = fileURLToPath(new URL(`../../../test/fixtures/docs/${name}`, import.meta.url));
  return { path, uri: `file://${path}`, bytes: readFileSync(path) };
};
const source = (path: string, text: string): LoaderInput => ({
  path,
  uri: `file://${path}`,
  bytes: new TextEncoder().encode(text),
});
const expectLinkOffsets = (blocks: BlockInput[]): void => {
  for (const block of blocks) {
    for (const link of block.links ?? []) {
      expect(block.text.slice(link.offset, link.offset + link.text.length)).toBe(link.text);
    }
  }
};
const byType = (blocks: BlockInput[], type: BlockInput["type"]): BlockInput[] =>
  blocks.filter((b) => b.type === type);

describe("loadMarkdown (.md)", async () => {
  const doc = await loadMarkdown(fixture("guide.md"));

  it("takes title and date from front matter", () => {
    expect(doc.title).toBe("Pump Maintenance Guide");
    expect(doc.published_at).toBe("2023-11-02");
  });

  it("gives headings levels and de-duplicated GitHub slugs", () => {
    const headings = byType(doc.blocks, "heading").map((b) => [b.level, b.text, b.anchor]);
    expect(headings).toEqual([
      [1, "Pump maintenance", "pump-maintenance"],
      [2, "Schedule", "schedule"],
      [2, "Schedule", "schedule-1"],
    ]);
  });

  it("resolves reference links and keeps hrefs as written", () => {
    const para = doc.blocks.find((b) => b.text.startsWith("Read the"));
    expect(para?.links).toEqual([
      { href: "./install.md", text: "installation notes", offset: 9 },
      { href: "../faq.md#cleaning", text: "FAQ", offset: 36 },
    ]);
    expectLinkOffsets(doc.blocks);
  });

  it("turns GFM tables into pipe rows, header first", () => {
    const [table] = byType(doc.blocks, "table");
    expect(table?.text).toBe(
      "Task | Interval | Owner\nClean panels | weekly | site lead\nReplace a \\| filter | monthly | crew",
    );
    expect(table?.links?.[0]).toMatchObject({ href: "mailto:lead@example.org", text: "site lead" });
  });

  it("keeps code language, task lists, nested lists, images and raw HTML text", () => {
    expect(byType(doc.blocks, "code")).toEqual([
      { type: "code", text: "pump-ctl status --all", language: "bash" },
    ]);
    expect(byType(doc.blocks, "list")[0]?.text).toBe(
      "- [x] Check seals\n- [ ] Order spares\n  1. Filters\n  2. Seals",
    );
    expect(byType(doc.blocks, "figure")[0]?.text).toBe("Pump cross-section");
    const html = doc.blocks.find((b) => b.text.startsWith("Kept as text"));
    expect(html?.links).toEqual([{ href: "https://example.org/html", text: "link", offset: 20 }]);
  });

  it("falls back to the first H1, then the file name, for the title", async () => {
    expect((await loadMarkdown(source("/d/a.md", "intro\n\n# Real Title\n\ntext"))).title).toBe("Real Title");
    expect((await loadMarkdown(source("/d/notes-2024.md", "## Only H2\n\ntext"))).title).toBe("notes-2024");
  });

  it("rejects empty files and binary data with a .md extension", async () => {
    await expect(loadMarkdown(fixture("blank.md"))).rejects.toMatchObject({
      kind: "user",
      code: "empty_file",
    });
    await expect(loadMarkdown(fixture("binary.md"))).rejects.toThrow(/binary content/);
  });
});

describe("loadMarkdown (.mdx)", async () => {
  const doc = await loadMarkdown(fixture("starlight-page.mdx"));
  const nonCode = doc.blocks.filter((b) => b.type !== "code");

  it("drops import/export statements, expressions and component tags", () => {
    for (const block of nonCode) {
      expect(block.text).not.toMatch(/\bimport\s|\bexport\s|<[A-Z]|\{|MDX comment/);
    }
    expect(doc.title).toBe("Object Basics");
  });

  it("renders link cards as a list with the card title as link text", () => {
    const cards = doc.blocks.find((b) => b.type === "list");
    expect(cards?.text).toBe("- Why Move? — Learn why Aptos uses Move\n- Objects");
    expect(cards?.links).toEqual([
      { href: "/build/smart-contracts/why-move", text: "Why Move?", offset: 2 },
      { href: "/build/smart-contracts/objects", text: "Objects", offset: 42 },
    ]);
  });

  it("keeps Aside title and children, image alt text, code inside tabs, tables", () => {
    const texts = doc.blocks.map((b) => b.text);
    expect(texts).toContain("Ownership caveats");
    expect(texts).toContain("A ConstructorRef cannot be stored; read creating objects before you start.");
    expect(byType(doc.blocks, "figure").map((b) => b.text)).toEqual(["Object ownership diagram"]);
    expect(byType(doc.blocks, "code").map((b) => b.language)).toEqual(["move", "typescript"]);
    expect(byType(doc.blocks, "table")[0]?.links).toEqual([
      { href: "#examples", text: "transfers", offset: 49 },
    ]);
    expect(byType(doc.blocks, "heading").map((b) => b.anchor)).toEqual([
      "learn-more",
      "examples",
      "examples-1",
    ]);
    expectLinkOffsets(doc.blocks);
  });

  it("falls back to plain Markdown with a warning when MDX does not parse", async () => {
    const broken = await loadMarkdown(fixture("broken.mdx"));
    expect(broken.warnings?.[0]).toMatch(/^MDX parse failed/);
    const texts = broken.blocks.map((b) => b.text);
    expect(texts).toContain("Keep this note text.");
    expect(texts.some((t) => /<Aside|import \{/.test(t))).toBe(false);
    // Code fences are left alone by the JSX stripping.
    expect(byType(broken.blocks, "code")[0]).toMatchObject({ text: "import a::b;", language: "move" });
  });
});
