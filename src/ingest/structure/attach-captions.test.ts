import { describe, expect, it } from "vitest";
import { type BlockInput, BlockSchema } from "../parsed-document.js";
import { attachCaptions } from "./attach-captions.js";

const blocks = (...b: BlockInput[]) => b.map((x) => BlockSchema.parse(x));

describe("attachCaptions", () => {
  it("moves a numbered caption paragraph above a table into the table", () => {
    const out = attachCaptions(
      blocks(
        { type: "paragraph", text: "Intro." },
        { type: "paragraph", text: "Таблица 1. Расписание" },
        { type: "table", text: "a | b" },
      ),
    );
    expect(out.map((b) => b.type)).toEqual(["paragraph", "table"]);
    expect(out[1]?.caption).toBe("Таблица 1. Расписание");
  });
  it("takes a caption below a figure, and leaves ordinary paragraphs alone", () => {
    const out = attachCaptions(
      blocks(
        { type: "paragraph", text: "Table 2 shows the totals." },
        { type: "figure", text: "" },
        { type: "paragraph", text: "Figure 3: Layout" },
      ),
    );
    expect(out.map((b) => b.type)).toEqual(["paragraph", "figure"]);
    expect(out[1]?.caption).toBe("Figure 3: Layout");
    const table = attachCaptions(
      blocks({ type: "paragraph", text: "Table 2 shows the totals." }, { type: "table", text: "x" }),
    );
    // A short numbered lead-in right above a table reads as its caption (and stays in its chunk).
    expect(table.map((b) => [b.type, b.caption])).toEqual([["table", "Table 2 shows the totals."]]);
  });
  it("keeps a caption the loader already set", () => {
    const out = attachCaptions(
      blocks(
        { type: "paragraph", text: "Table 9. Other" },
        { type: "table", text: "x", caption: "Table 1. Own" },
      ),
    );
    expect(out).toHaveLength(2);
  });
});
