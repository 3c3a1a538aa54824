import { describe, expect, it } from "vitest";
import { bestSentence } from "./best-sentence.js";
import { readerTerms } from "./reader-terms.js";

describe("bestSentence", () => {
  const text = "Oak Press prints maps. It was founded by Ann Roe in Elmton. Ann Roe founded Elm Books too.";

  it("takes the sentence holding most terms, the first one on a tie", () => {
    expect(bestSentence(text, ["found", "elmton"])).toEqual({
      text: "It was founded by Ann Roe in Elmton.",
      held: 2,
    });
    expect(bestSentence(text, ["found"])?.text).toBe("It was founded by Ann Roe in Elmton.");
  });

  it("takes the first sentence when none holds a term, and nothing from an empty text", () => {
    expect(bestSentence(text, ["river"])).toEqual({ text: "Oak Press prints maps.", held: 0 });
    expect(bestSentence("", ["river"])).toBeNull();
  });

  it("compares terms as the given function stems them", () => {
    expect(bestSentence("Bo Lin directed it. It rained.", readerTerms("director"), readerTerms)?.held).toBe(
      1,
    );
  });
});
