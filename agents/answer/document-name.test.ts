import { describe, expect, it } from "vitest";
import { namesDocument } from "./document-name.js";
import { evidence } from "./test-evidence.js";

describe("namesDocument", () => {
  const defines = evidence(
    "S1",
    "The agency proposes to revise Technical Bulletin (TB) 12 for all Zeta 9 engines.",
  );
  const headed = evidence("S2", "Install part 7 before further use.", {
    heading_path: ["PART 9—TECHNICAL BULLETINS"],
  });
  it("takes a name ending on a word for a document", () => {
    expect(namesDocument("zeta guide", [])).toBe(true);
  });
  it("takes a name ending on a short form the evidence spells out and a heading of the document carries", () => {
    expect(namesDocument("zeta tb", [defines, headed], "doc:test")).toBe(true);
  });
  it("not when no heading carries the long form, the long form is not spelled out, or another document heads it", () => {
    expect(namesDocument("zeta tb", [defines], "doc:test")).toBe(false);
    expect(namesDocument("zeta tb", [headed], "doc:test")).toBe(false);
    expect(namesDocument("zeta tb", [defines, headed], "doc:other")).toBe(false);
    expect(namesDocument("zeta engines", [defines, headed], "doc:test")).toBe(false);
  });
});
