import { describe, expect, it } from "vitest";
import { queryTerms, toFtsMatch } from "./text-query.js";

describe("queryTerms", () => {
  it("drops operators and punctuation", () => {
    expect(queryTerms('NEAR(a b) OR "x" AND title:* -y')).toEqual([
      "near",
      "a",
      "b",
      "or",
      "x",
      "and",
      "title",
      "y",
    ]);
  });
  it("keeps non-Latin letters", () => {
    expect(queryTerms("Выручка Uber в 2021")).toEqual(["выручка", "uber", "в", "2021"]);
  });
  it("returns null for text without terms", () => {
    expect(toFtsMatch("'; DROP TABLE nodes; --")).toBe('"drop" OR "table" OR "nodes"');
    expect(toFtsMatch("?!")).toBeNull();
  });
});
