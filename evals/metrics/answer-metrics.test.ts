import { describe, expect, it } from "vitest";
import { containsGold, exactMatch, normalizeAnswer, tokenF1 } from "./answer-metrics.js";

describe("SQuAD-style answer metrics", () => {
  it("normalises case, punctuation, articles, accents and citation markers", () => {
    expect(normalizeAnswer("The  Beatles! [S1]")).toBe("beatles");
    expect(normalizeAnswer("Café, an old one.")).toBe("cafe old one");
  });

  it("exact match takes the best gold and is null without gold", () => {
    expect(exactMatch("the Rockland County", ["Rockland County, New York", "Rockland County"])).toBe(1);
    expect(exactMatch("Rockland", ["Rockland County"])).toBe(0);
    expect(exactMatch("anything", [])).toBeNull();
    expect(exactMatch("anything", [" . "])).toBeNull();
  });

  it("token F1 counts shared tokens with multiplicity", () => {
    // pred {rockland, county, new, york}, gold {rockland, county}: P = 0.5, R = 1.
    expect(tokenF1("Rockland County, New York", ["Rockland County"])).toBeCloseTo(2 / 3, 6);
    expect(tokenF1("paris paris", ["paris"])).toBeCloseTo(2 / 3, 6);
    expect(tokenF1("London", ["Paris", "London"])).toBe(1);
    expect(tokenF1("", ["Paris"])).toBe(0);
  });

  it("contains-gold matches whole normalised tokens only", () => {
    expect(containsGold("Erik Hort was born in Rockland County. [S1]", ["Rockland County"])).toBe(1);
    expect(containsGold("It was 1984.", ["84"])).toBe(0);
    expect(containsGold("yes", [])).toBeNull();
  });
});
