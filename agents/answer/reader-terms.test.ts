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
    expect(readerTerms("the constructor and toString")).toEqual([...readerTerms("construct"), "tostr"]);
  });

  it("makes a verb and its agent or action noun one term, which the stemmer leaves apart", () => {
    const same = (a: string, b: string) => expect(readerTerms(a), `${a} / ${b}`).toEqual(readerTerms(b));
    same("the garbage collector", "garbage collection");
    same("converted", "the conversion");
    same("introduced", "its introduction");
    same("acquired", "the acquisition");
    same("the processor", "processing");
  });

  it("leaves short stems, and words that only end alike, apart", () => {
    expect(readerTerms("actor")).not.toEqual(readerTerms("act"));
    expect(readerTerms("sensor")).not.toEqual(readerTerms("sense"));
    expect(readerTerms("collector")).not.toEqual(readerTerms("correct"));
    expect(readerTerms("project")).not.toEqual(readerTerms("protect"));
  });
});
