import { describe, expect, it } from "vitest";
import { clauseEnd } from "./clause-end.js";
import { decomposeQuestion } from "./decompose-question.js";

describe("clauseEnd", () => {
  it("cuts a clause after its own verb group", () => {
    expect(clauseEnd("Pomo Hill is located become part of the Union", false)).toBe("Pomo Hill is located");
    expect(clauseEnd("Hal Worr died has how many districts", false)).toBe("Hal Worr died");
    expect(clauseEnd("Ivo Cut is a citizen become part of the Union", false)).toBe("Ivo Cut is a citizen");
    expect(clauseEnd("recruited Dan Beck managed Old Town during what timeframe", true)).toBe(
      "recruited Dan Beck",
    );
    expect(clauseEnd("the Lew Maniacs played their home games can seat how many", false)).toBe(
      "the Lew Maniacs played their home games",
    );
  });

  it("keeps the whole clause when it finds no verb group", () => {
    expect(clauseEnd("the 26th Olympiad occur handle in 2010", false)).toBe(
      "the 26th Olympiad occur handle in 2010",
    );
  });
});

describe("decomposeQuestion with a clause inside the question", () => {
  it("leaves the outer predicate to the outer question", () => {
    expect(
      decomposeQuestion("When did the state where Pomo Hill is located become part of the Union?")?.hops,
    ).toEqual(["Which state where Pomo Hill is located?", "When did #1 become part of the Union?"]);
    expect(
      decomposeQuestion("The football manager who recruited Dan Beck managed Old Town during what timeframe?")
        ?.hops,
    ).toEqual(["Who recruited Dan Beck?", "#1 managed Old Town during what timeframe?"]);
  });

  it("keeps a clause that ends the question whole", () => {
    expect(
      decomposeQuestion("What is the name of the waterfall in the country where the Bubo River is found?")
        ?.hops,
    ).toEqual(["Which country where the Bubo River is found?", "What is the name of the waterfall in #1?"]);
  });
});
