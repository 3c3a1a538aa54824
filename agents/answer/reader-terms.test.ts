import { describe, expect, it } from "vitest";
import { readerTerms } from "./reader-terms.js";

describe("readerTerms", () => {
  it("makes a role and its act one term, an event and its verb one term", () => {
    expect(readerTerms("the director")).toEqual(readerTerms("was directed by"));
    expect(readerTerms("place of birth")).toContain(readerTerms("born")[0]);
    expect(readerTerms("the writer")).toEqual(readerTerms("wrote"));
    expect(readerTerms("our ownership")).toEqual(readerTerms("did we own"));
  });
  it("leaves other words apart", () => {
    expect(readerTerms("director")).not.toEqual(readerTerms("producer"));
    expect(readerTerms("found the keys")).toEqual(["found", "key"]);
  });

  it("reads words that are also object keys as words", () => {
    expect(readerTerms("the constructor and toString")).toEqual(["constructor", "tostr"]);
  });
});
