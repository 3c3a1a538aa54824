import { describe, expect, it } from "vitest";
import { ownPassage } from "./own-passage.js";
import { titledEvidence as titled } from "./test-evidence.js";

describe("ownPassage", () => {
  const ev = [
    titled("S1", "Rivers of the north", "Alder Bridge is a bridge 300 m long over the Birch."),
    titled("S2", "People", "Mary Ann Roe (born 1961) is an engineer."),
    titled("S3", "Birch", "The Birch is a river 120 km long."),
    titled("S4", "Birch", "Its mouth is at Lowtown."),
  ];

  it("takes the passage titled with the name, its lead chunk first", () => {
    expect(
      ownPassage(
        [ev[3]!, ev[2]!].map((e, i) => ({ ...e, char_start: i === 0 ? 500 : 0 })),
        "Birch",
      )?.sid,
    ).toBe("S3");
  });

  it("takes an opening subject that ends with the name, never one that goes on past it", () => {
    expect(ownPassage(ev, "Ann Roe")?.sid).toBe("S2");
    expect(ownPassage(ev, "Alder")).toBeUndefined();
    expect(ownPassage(ev, "Alder Bridge")?.sid).toBe("S1");
  });

  it("takes, last, a title that is the name and lower-case words saying what it is", () => {
    const team = [titled("S9", "2009–10 Elm Rams men's basketball team", "The team played 30 games.")];
    expect(ownPassage(team, "2009–10 Elm Rams")?.sid).toBe("S9");
    expect(ownPassage([titled("S8", "Alder Bridge Road", "A road.")], "Alder")).toBeUndefined();
    // One bare word is too loose a name to extend.
    expect(ownPassage([titled("S6", "Oakland national team", "A team.")], "Oakland")).toBeUndefined();
    expect(
      ownPassage([titled("S7", "Alder bridge over the long river", "A bridge.")], "Alder"),
    ).toBeUndefined();
  });

  it("takes a title with its telling-apart bracket, and a subject with more words inside the name", () => {
    const more = [
      titled("S5", "Paul Vale (aviator)", "Sergeant Paul Joseph Vale was a flying ace."),
      titled("S6", "Ann Lee", "Ann Lee is a singer."),
      titled("S7", "People", "Rear Admiral Bo Dana Lin (MD) is a physician."),
    ];
    expect(ownPassage(more, "Paul Vale")?.sid).toBe("S5");
    expect(ownPassage(more, "Bo Lin")?.sid).toBe("S7");
    expect(ownPassage(more, "Bo Vale")).toBeUndefined();
    // Joined names are two people; a name titled exactly wins over one with a bracket.
    const joined = [titled("S8", "People", "Bo Smith and Ann Vale founded Oak Press.")];
    expect(ownPassage(joined, "Bo Vale")).toBeUndefined();
    const both = [
      { ...titled("S9", "Oak (old)", "Oak was the old name."), char_start: 0 },
      { ...titled("S10", "Oak", "Oak is the current name."), char_start: 500 },
    ];
    expect(ownPassage(both, "Oak")?.sid).toBe("S10");
  });
});
