import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { LoaderInput } from "../parsed-document.js";
import { detectHeading, loadText } from "./text-loader.js";

const text = (body: string, path = "/notes/field.txt"): LoaderInput => ({
  path,
  uri: `file://${path}`,
  bytes: new TextEncoder().encode(body),
});

describe("loadText", () => {
  it("splits paragraphs on blank lines and detects simple headings", async () => {
    const path = fileURLToPath(new URL("../../../test/fixtures/docs/notes.txt", import.meta.url));
    const doc = await loadText({ path, uri: `file://${path}`, bytes: readFileSync(path) });
    expect(doc.title).toBe("Solar Pump Notes");
    expect(doc.blocks).toEqual([
      { type: "paragraph", text: "Solar Pump Notes" },
      { type: "heading", level: 1, text: "INTRODUCTION", anchor: "introduction" },
      { type: "paragraph", text: "The pumps were installed in March. Output was logged daily." },
      { type: "heading", level: 2, text: "2.1 Results", anchor: "21-results" },
      { type: "paragraph", text: "Output rose by a fifth." },
    ]);
  });

  it("reads underlined and # headings, keeps numbered lists as paragraphs", async () => {
    const doc = await loadText(
      text("Results\n=======\nOutput rose.\n\n# Appendix\n\n1. Clean panels\n\n2. Replace filters\n"),
    );
    expect(doc.blocks.map((b) => [b.type, b.text])).toEqual([
      ["heading", "Results"],
      ["paragraph", "Output rose."],
      ["heading", "Appendix"],
      ["paragraph", "1. Clean panels"],
      ["paragraph", "2. Replace filters"],
    ]);
  });

  it("is conservative: sentences, long lines and multi-line paragraphs are not headings", () => {
    expect(detectHeading(["NOTE: THIS IS A SENTENCE, NOT A TITLE."])).toBeUndefined();
    expect(detectHeading(["3. We measured the output daily."])).toBeUndefined();
    expect(detectHeading(["Introduction", "continues here"])).toBeUndefined();
    expect(detectHeading(["A".repeat(100)])).toBeUndefined();
    expect(detectHeading(["1. Introduction"])).toMatchObject({ level: 1, numbered: true });
  });

  it("uses the file name when the first line is long, and rejects empty files", async () => {
    expect((await loadText(text(`${"word ".repeat(40)}\n\nmore`))).title).toBe("field");
    await expect(loadText(text("\n \n"))).rejects.toMatchObject({ kind: "user", code: "empty_file" });
  });
});
