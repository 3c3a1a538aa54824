import { describe, expect, it } from "vitest";
import { spelledOut, withoutAbbreviations } from "./abbreviations.js";
import { analyzeQuery } from "./analyzer.js";

describe("spelledOut", () => {
  it("spells out the ampersand abbreviations a text uses, once each", () => {
    expect(spelledOut("R&D and SG&A, then r&d again")).toEqual([
      "research and development",
      "selling, general and administrative",
    ]);
  });

  it("leaves unknown ones and words that only hold an ampersand", () => {
    expect(spelledOut("AT&T bought B&Q; Smith&Jones")).toEqual([]);
    expect(spelledOut("the MD&A says")).toEqual(["management's discussion and analysis"]);
  });
});

describe("withoutAbbreviations", () => {
  it("blanks known abbreviations in place, so names around them stay whole", () => {
    const text = "Uber R&D spending at AT&T";
    expect(withoutAbbreviations(text)).toBe("Uber     spending at AT&T");
    expect(withoutAbbreviations(text)).toHaveLength(text.length);
  });
});

describe("analyzeQuery with abbreviations", () => {
  it("also searches an abbreviation's spelled-out words", () => {
    expect(analyzeQuery("R&D spending").split(" ")).toEqual(expect.arrayContaining(["research", "develop"]));
    expect(analyzeQuery("AT&T spending").split(" ")).not.toContain("research");
  });
});
