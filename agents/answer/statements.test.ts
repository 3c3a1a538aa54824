import { describe, expect, it } from "vitest";
import { readAnswer } from "./compose-answer.js";
import { restates, wordsOf as said } from "./statements.js";
import { evidence } from "./test-evidence.js";

describe("restates", () => {
  it("is true for most of a sentence's words already said, with no new number", () => {
    const first = said("the court ruled in august that the law is unconstitutional");
    expect(restates(said("in august the court ruled that the law is unconstitutional again"), [first])).toBe(
      true,
    );
  });
  it("is false for a new number, or for words mostly new", () => {
    const first = said("revenue was 17 in 2021");
    expect(restates(said("revenue was 11 in 2020"), [first])).toBe(false);
    expect(restates(said("the fleet grew in every region after the merger"), [first])).toBe(false);
    // A name the earlier sentence lacks makes a new fact, however many words they share.
    const queen = said("Saw Thanda Dewi was queen consort to four kings of Arakan.");
    expect(restates(said("Saw Thanda was queen of King Dikkha."), [queen])).toBe(false);
    expect(restates(said("Saw Thanda Dewi was the queen consort of four kings of Arakan."), [queen])).toBe(
      true,
    );
  });
});

describe("supporting sentences", () => {
  it("leave out a sentence that says the answer again in other words (a page quoting another)", () => {
    const r = readAnswer("What did the court rule about Measure 9 in August 2021?", [
      evidence(
        "S1",
        "The drivers filed a challenge in Elm Superior Court, and in August 2021, the Elm County Superior " +
          "Court ruled that Measure 9 is unconstitutional. The state has appealed the ruling on Measure 9.",
      ),
      evidence(
        "S2",
        "The same drivers filed a challenge in superior court, and in August 2021, the court ruled that Measure 9 is unconstitutional.",
      ),
    ]);
    const texts = r.draft.sentences.map((s) => s.text);
    expect(texts[0]).toContain("ruled that Measure 9 is unconstitutional");
    expect(texts.filter((t) => /ruled that Measure 9 is unconstitutional/.test(t))).toHaveLength(1);
  });
});
