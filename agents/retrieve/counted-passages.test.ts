import { describe, expect, it } from "vitest";
import { countedNoun, countsNoun } from "./counted-passages.js";

describe("countedNoun", () => {
  it("reads the noun a count question counts", () => {
    expect(countedNoun("In about how many cities was Uber available in early 2022?")).toBe("cities");
    expect(countedNoun("How many monthly active platform consumers did Uber have?")).toBe("consumers");
    expect(countedNoun("How many interpreter functions carry the annotation?")).toBe("functions");
    expect(countedNoun("How many trips per month did consumers take?")).toBe("trips");
    expect(countedNoun("What was the number of employees at year end?")).toBe("employees");
    expect(countedNoun("How many Acme drivers were there?")).toBe("drivers");
    expect(countedNoun("How many of its stores closed?")).toBe("stores");
  });
  it("is null for a question that counts nothing", () => {
    expect(countedNoun("What was Uber's revenue in 2021?")).toBeNull();
  });
});

describe("countsNoun", () => {
  it("finds a number counting the noun, a few words apart, singular or plural", () => {
    expect(countsNoun("available in approximately 10,500 cities across 72 countries", "cities")).toBe(true);
    expect(countsNoun("we had 29,300 full-time employees", "employees")).toBe(true);
    expect(countsNoun("one city had 1 city council", "cities")).toBe(true);
    expect(countsNoun("118 million monthly active platform consumers", "consumers")).toBe(true);
    // A noun ending in "men" is no "men": its plural still counts.
    expect(countsNoun("three reportable segments and 2 segments", "segment")).toBe(true);
  });
  it("is false where the noun is not counted", () => {
    expect(countsNoun("Cities around the world saw 2021 revenue grow.", "cities")).toBe(false);
    expect(countsNoun("In 2021 the cities grew.", "cities")).toBe(false);
    // A date's year, or a number a comma ends, counts nothing.
    expect(countsNoun("ended December 31, 2021, consumers", "consumers")).toBe(false);
    expect(countsNoun("in 2021 consumers", "consumers")).toBe(false);
    // A locator's number: "see Note 4 regarding employees".
    expect(countsNoun("See Note 4 regarding employees.", "employees")).toBe(false);
  });
});
