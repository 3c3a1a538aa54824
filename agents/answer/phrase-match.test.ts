import { describe, expect, it } from "vitest";
import { says, wordsIn } from "./phrase-match.js";

describe("says", () => {
  it("matches whole words only, plurals and a footnote mark included", () => {
    expect(says("the harbour authority reported", "harbour authority")).toBe(true);
    expect(says("harbour authorities", "harbour authority")).toBe(false);
    expect(says("two ports were sold", "port")).toBe(true);
    expect(says("the ponemon institute2 found", "ponemon institute")).toBe(true);
    expect(says("airports", "port")).toBe(false);
  });

  it("matches a name typed without its accents", () => {
    expect(says("akinoshū kenji is a former wrestler", "akinoshu kenji")).toBe(true);
    expect(says("a ballet by johann strauss", "strauß")).toBe(false);
  });
});

describe("wordsIn", () => {
  it("needs every word of a multi-word name, in any order", () => {
    expect(wordsIn("kenji, called akinoshū, retired", "akinoshu kenji")).toBe(true);
    expect(wordsIn("kenji retired", "akinoshu kenji")).toBe(false);
  });
});
