import { describe, expect, it } from "vitest";
import { broaderTerms, peopleOf } from "./broader-terms.js";
import { composeBoth, parseBoth } from "./compose-both.js";
import { titledEvidence as titled } from "./test-evidence.js";

describe("broaderTerms", () => {
  it("adds what a kind of person is as well, and a country for the word for its people", () => {
    const t = broaderTerms("Ann Lee is an American operatic baritone and novelist.");
    // The word for a people adds no country's words ("state senators" are not "from the United States").
    expect(t.has("state")).toBe(false);
    for (const w of ["singer", "musician", "author", "writer", "american"]) expect(t.has(w)).toBe(true);
    expect(broaderTerms("Bo Chen is a painter from France.").has("french")).toBe(true);
    // Nothing broader is guessed: a painter is no musician, "States" alone is no country.
    const p = broaderTerms("Cy Vale is a painter who toured the States.");
    expect(p.has("musician") || p.has("american")).toBe(false);
  });

  it("lets 'both' questions ask in other words than the passages write", () => {
    const ev = [
      titled("S1", "Ann Lee", "Ann Lee is an American novelist."),
      titled("S2", "Bo Chen", "Bo Chen is an American poet and playwright."),
      titled("S3", "Oak & Elm", "Oak & Elm is a young adult novel by Cy Vale."),
      titled("S4", "Pine", "Pine is a 2015 young adult novel."),
    ];
    const say = (q: string) => {
      const parsed = parseBoth(q);
      return parsed && composeBoth(parsed, ev)?.short_answer;
    };
    expect(say("Were both Ann Lee and Bo Chen authors?")).toBe("yes");
    expect(say("Are Ann Lee and Bo Chen both from the United States?")).toBe("yes");
    expect(say("Are Ann Lee and Bo Chen both musicians?")).toBe("no");
    expect(say("Are both Pine and Oak & Elm young adult novels?")).toBe("yes");
    expect(say("Were Ann Lee and Bo Chen state senators?")).toBe("no");
    expect(peopleOf("both from the United States")).toBe("both American");
  });
});
