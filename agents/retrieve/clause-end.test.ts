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

  it("keeps an infinitive's participle and a time clause of the same subject", () => {
    expect(clauseEnd("Rook Isle is considered to be located along with Tam", false)).toBe(
      "Rook Isle is considered to be located",
    );
    expect(clauseEnd("Ada Voss lived in when she died", false)).toBe("Ada Voss lived in when she died");
    // Another subject's clause is the outer question's.
    expect(clauseEnd("Ada Voss lived in when Bo Lin died", false)).toBe("Ada Voss lived in");
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

  it("asks a time clause with its clause, not with the outer question", () => {
    expect(
      decomposeQuestion("How many parks are in the state where Ada Voss lived in when she died?")?.hops,
    ).toEqual(["Which state where Ada Voss lived in when she died?", "How many parks are in #1?"]);
  });

  it("keeps a clause that ends the question whole", () => {
    expect(
      decomposeQuestion("What is the name of the waterfall in the country where the Bubo River is found?")
        ?.hops,
    ).toEqual(["Which country where the Bubo River is found?", "What is the name of the waterfall in #1?"]);
  });
});
