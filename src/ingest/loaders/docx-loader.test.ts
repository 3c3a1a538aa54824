import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { LoaderInput } from "../parsed-document.js";
import { loadDocx } from "./docx-loader.js";

const fixture = (name: string): LoaderInput => {
  const path = fileURLToPath(new URL(`../../../test/fixtures/docs/${name}`, import.meta.url));
  return { path, uri: `file://${path}`, bytes: readFileSync(path) };
};

describe("loadDocx", () => {
  it("maps Word heading styles, links, tables and lists to blocks", async () => {
    const doc = await loadDocx(fixture("field-trial.docx"));
    expect(doc.kind).toBe("docx");
    expect(doc.title).toBe("Solar Pump Field Trial");
    expect(doc.blocks.filter((b) => b.type === "heading").map((b) => [b.level, b.text, b.anchor])).toEqual([
      [1, "Solar Pump Field Trial", undefined],
      [2, "Results", "results"], // from the Word bookmark
      [3, "Maintenance", undefined],
    ]);
    const para = doc.blocks[1];
    expect(para?.text).toBe(
      "The trial followed the irrigation guidelines published by the ministry; see the results below.",
    );
    expect(para?.links).toEqual([
      { href: "https://example.org/irrigation", text: "irrigation guidelines", offset: 23 },
      { href: "#results", text: "the results", offset: 76 },
    ]);
    expect(doc.blocks.find((b) => b.type === "table")?.text).toBe(
      "Site | Pump | Litres/day\nKisumu | SP-200 | 14,500\nMwanza | SP-350 | 21,000",
    );
    expect(doc.blocks.at(-1)).toMatchObject({
      type: "list",
      text: "- Filters replaced monthly.\n- Seals inspected after each storm.",
    });
  });

  it.each([
    ["corrupt-truncated.docx", /corrupt-truncated\.docx: unreadable DOCX/],
    ["corrupt-not-zip.docx", /corrupt-not-zip\.docx: not a DOCX file/],
  ])("rejects %s with a clear user error", async (name, message) => {
    await expect(loadDocx(fixture(name))).rejects.toMatchObject({ kind: "user", code: "docx_corrupt" });
    await expect(loadDocx(fixture(name))).rejects.toThrow(message);
  });
});
