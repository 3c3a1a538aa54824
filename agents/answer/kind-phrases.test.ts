import { describe, expect, it } from "vitest";
import { monthsOf } from "./answer-spans.js";
import { kindPhrases, sortAsked } from "./kind-phrases.js";

const texts = (text: string, sort: string) => kindPhrases(text, sort).map((s) => s.text);

describe("kindPhrases", () => {
  it("reads the words a passage describes the asked noun with, commas between them too", () => {
    const sort = sortAsked("What kind of garbage collector does the engine use?") ?? "";
    expect(
      texts(
        "The garbage collector is an exact, non-generational, stop-the-world mark-and-sweep collector.",
        sort,
      ),
    ).toEqual(["garbage collector", "exact, non-generational, stop-the-world mark-and-sweep collector"]);
  });

  it("keeps a pair joined by 'and', and reads an all-capitals word as an acronym, not 'it'", () => {
    const sort = sortAsked("Elm Ltd provides what sort of products?") ?? "";
    expect(texts("Elm Ltd provides IT products and services, including servers.", sort)).toEqual([
      "IT products and services",
    ]);
  });

  it("stops at a verb, a pronoun, a plural, a clause's comma, and leaves capitalised heads to names", () => {
    const sort = sortAsked("What kind of university did she attend?") ?? "";
    expect(texts("She attended Elm University, a private research university.", sort)).toEqual([
      "private research university",
    ]);
    expect(texts("In 2020, university rules changed.", sort)).toEqual([]);
    expect(texts("It sells cars university wide.", sort)).toEqual([]);
    expect(texts("She went to the university.", sort)).toEqual([]);
  });

  it("asks nothing of a question with no kind in it", () => {
    expect(sortAsked("Which university did she attend?")).toBeUndefined();
  });
});

describe("monthsOf", () => {
  it("finds months said alone or joined, not 'May' opening a sentence", () => {
    expect(monthsOf("It is held in the months of March and April. May it last.").map((s) => s.text)).toEqual([
      "March and April",
    ]);
    expect(monthsOf("Filed on June 3, 2001.").map((s) => s.text)).toEqual(["June"]);
  });
});
