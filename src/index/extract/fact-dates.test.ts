import { describe, expect, it } from "vitest";
import { canonicalName } from "./canonical.js";
import { entityId } from "./entity-node.js";
import { factDates } from "./fact-dates.js";

describe("factDates", () => {
  it("reads ranges, full dates and bare years", () => {
    expect(factDates("He reigned from 1990 to 1995.", "en")).toEqual({
      valid_from: "1990",
      valid_to: "1995",
    });
    expect(factDates("She married him on 8 December 1982.", "en")).toEqual({ valid_from: "1982-12-08" });
    expect(factDates("The firm was founded in 1946.", "en")).toEqual({ valid_from: "1946" });
    expect(factDates("He served until 2001.", "en")).toEqual({ valid_to: "2001" });
  });

  it("finds nothing in a sentence without a digit, even with month names", () => {
    expect(factDates("She married him in early December, in Paris.", "en")).toEqual({});
  });
});

describe("remembered names and ids", () => {
  it("give each input its own answer, the second time too", () => {
    for (let round = 0; round < 2; round++) {
      expect(canonicalName("The Heart of Doreon")).toBe("heart of doreon");
      expect(canonicalName("Lisbeth Palme's husband")).toBe("lisbeth palme husband");
      expect(entityId("heart of doreon")).not.toBe(entityId("lisbeth palme"));
      expect(entityId("heart of doreon")).toMatch(/^ent:[0-9a-f]{20}$/);
    }
  });
});
