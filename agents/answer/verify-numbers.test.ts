import { describe, expect, it } from "vitest";
import { months, quantities, quantityStated, sameQuantity } from "./verify-numbers.js";

const q = (text: string) => {
  const [first] = quantities(text);
  if (!first) throw new Error(`no quantity in ${text}`);
  return first;
};

describe("quantities", () => {
  it("reads money, parenthesised negatives, percents, scales, years, days and versions", () => {
    expect(q("$8,420 million")).toMatchObject({ value: 8420, scale: 1e6, negative: false, year: false });
    expect(q("$(0.29)")).toMatchObject({ value: 0.29, negative: true, decimals: 2 });
    expect(q("(1,174)")).toMatchObject({ value: 1174, negative: true });
    expect(q("8.1 %")).toMatchObject({ value: 8.1, percent: true });
    expect(q("26.3 percent")).toMatchObject({ value: 26.3, percent: true });
    expect(q("$2.3 billion")).toMatchObject({ value: 2.3, scale: 1e9 });
    expect(q("in 2021.")).toMatchObject({ value: 2021, year: true });
    expect(q("(2021)")).toMatchObject({ year: true, negative: false });
    expect(quantities("December 31, 2021").map((x) => [x.value, x.day, x.year])).toEqual([
      [31, true, false],
      [2021, false, true],
    ]);
    expect(q("release 0.1.3").version).toBe("0.1.3");
  });

  it("skips numbers inside identifiers but keeps speed-ups", () => {
    expect(quantities("install P12.1.2 on AC2 hosts")).toEqual([]);
    expect(q("a 0.93x speedup")).toMatchObject({ value: 0.93 });
  });
});

describe("sameQuantity", () => {
  it("matches across formatting, scale and precision", () => {
    expect(sameQuantity(q("8,420"), q("8420"))).toBe(true);
    expect(sameQuantity(q("$8.42 billion"), q("8,420"))).toBe(true); // a table in millions
    expect(sameQuantity(q("$8.4 billion"), q("8,420"))).toBe(true); // rounded as stated
    expect(sameQuantity(q("$8,420 million"), q("$ 8,420"))).toBe(true);
    expect(sameQuantity(q("$(0.29)"), q("$ (0.29)"))).toBe(true);
    expect(sameQuantity(q("0.29"), q("(0.29)"))).toBe(true); // "a loss of $0.29"
  });

  it("fails on another value, a missing sign, another version", () => {
    expect(sameQuantity(q("8,240"), q("8,420"))).toBe(false);
    expect(sameQuantity(q("$(0.29)"), q("0.29"))).toBe(false);
    expect(sameQuantity(q("$8.24 billion"), q("8,420"))).toBe(false);
    expect(sameQuantity(q("8,420"), q("8.42"))).toBe(false); // no scale claimed, none implied
    expect(sameQuantity(q("version 0.1.3"), q("version 0.1.4"))).toBe(false);
    expect(quantityStated(q("157"), quantities("resulting in 175 fatalities in 2019"))).toBe(false);
  });
});

describe("months", () => {
  it("reads English and Russian month names, not the verb may", () => {
    expect(months("Uber may pay on December 31")).toEqual([12]);
    expect(months("on May 5 and 16 марта, в мае")).toEqual([5, 3]);
  });
});
