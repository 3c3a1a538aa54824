import { describe, expect, it } from "vitest";
import { nearlyIn, says, wordsIn } from "./phrase-match.js";

describe("says", () => {
  it("matches whole words only, plurals and a footnote mark included", () => {
    expect(says("the harbour authority reported", "harbour authority")).toBe(true);
    expect(says("harbour authorities", "harbour authority")).toBe(false);
    expect(says("two ports were sold", "port")).toBe(true);
    expect(says("the ponemon institute2 found", "ponemon institute")).toBe(true);
    expect(says("airports", "port")).toBe(false);
  });

  it("matches a name typed without its accents", () => {
    expect(says("harumō taiki is a former wrestler", "harumo taiki")).toBe(true);
    expect(says("a ballet by ida kraus", "krauß")).toBe(false);
  });
});

describe("wordsIn", () => {
  it("needs every word of a multi-word name, in any order", () => {
    expect(wordsIn("taiki, called harumō, retired", "harumo taiki")).toBe(true);
    expect(wordsIn("taiki retired", "harumo taiki")).toBe(false);
  });
});

describe("nearlyIn", () => {
  const text = "the elm hall war memorial stands in oakford.";
  it("takes a long name written with one slip", () => {
    expect(nearlyIn(text, "elm hal war memorial")).toBe(true);
    expect(nearlyIn(text, "elm hall war memorail")).toBe(false); // two letters moved: no slip of one
  });
  it("takes no short name, no two slips and no slip in a number", () => {
    expect(nearlyIn(text, "elm hal")).toBe(false);
    expect(nearlyIn(text, "elm hal wor memorial")).toBe(false);
    expect(nearlyIn("the model 12 airplane", "the model 13 airplane")).toBe(false);
  });
});
