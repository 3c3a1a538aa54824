import { describe, expect, it } from "vitest";
import { freshness, passageDate } from "./freshness.js";
import { overlaps, sameDate } from "./iso-date.js";

const now = new Date("2024-01-01T00:00:00Z");

describe("freshness", () => {
  it("halves every half-life and is 0 without a date", () => {
    expect(freshness("2024-01-01", now)).toBe(1);
    expect(freshness("2023-01-01", now)).toBeCloseTo(0.5, 5);
    expect(freshness("2023-01-01", now, { halfLifeDays: 730 })).toBeCloseTo(Math.SQRT1_2, 5);
    expect(freshness("2030", now)).toBe(1);
    expect(freshness(undefined, now)).toBe(0);
    expect(freshness("1850", now)).toBeLessThan(1e-40);
  });

  it("dates a passage by publication, else its latest past stated date", () => {
    expect(passageDate({ published_at: "2020-05-01T10:00:00Z", dates: ["2023"] }, now)).toBe(
      "2020-05-01T10:00:00Z",
    );
    expect(passageDate({ dates: ["1999", "2022-06", "2031"] }, now)).toBe("2022-06");
    expect(passageDate({ dates: ["--10-18"] }, now)).toBeUndefined();
    expect(passageDate({}, now)).toBeUndefined();
  });
});

describe("iso-date", () => {
  it("overlaps ranges at any precision and matches named dates", () => {
    expect(overlaps("2021", { from: "2021-06-01", to: "2022-01-01" })).toBe(true);
    expect(overlaps("2020-12", { from: "2021-01-01" })).toBe(false);
    expect(overlaps("2021-02", { to: "2021-02-01" })).toBe(true);
    expect(sameDate("2023-10-18", "--10-18")).toBe(true);
    expect(sameDate("2023-10-18", "2023")).toBe(true);
    expect(sameDate("2023-10-18", "2023-10-19")).toBe(false);
  });
});
