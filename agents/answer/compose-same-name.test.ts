import { describe, expect, it } from "vitest";
import { composeSameName, parseSameName } from "./compose-same-name.js";
import { titledEvidence as titled } from "./test-evidence.js";

const read = (question: string, ev: Parameters<typeof composeSameName>[1]) => {
  const q = parseSameName(question);
  return q ? (composeSameName(q, ev)?.short_answer ?? null) : "unparsed";
};

describe("parseSameName", () => {
  it("reads the two things, the predicate and the compared noun", () => {
    expect(parseSameName("Were Oak Band and Elm Band formed by the same entertainment company?")).toEqual({
      options: ["Oak Band", "Elm Band"],
      predicate: ["form", "entertain", "compani"],
      noun: ["entertainment", "company"],
    });
    expect(parseSameName("Who formed Oak Band?")).toBeNull();
  });
});

describe("composeSameName", () => {
  const bands = [
    titled("S1", "Oak Band", "Oak Band is a Korean group. It was formed in 2013 by Ray Entertainment."),
    titled("S2", "Elm Band", "Elm Band is a Korean group formed by Sun Entertainment in 2012."),
    titled("S3", "Ash Band", "Ash Band is a Korean group. It was formed by Ray Entertainment in 2015."),
  ];

  it("says no when the names given differ, and a shared nationality word does not make them the same", () => {
    expect(read("Were Oak Band and Elm Band formed by the same entertainment company?", bands)).toBe("no");
  });

  it("says yes when both name the same one, citing both passages", () => {
    const q = parseSameName("Were Oak Band and Ash Band formed by the same company?");
    const draft = q ? composeSameName(q, bands) : null;
    expect(draft?.short_answer).toBe("yes");
    expect(draft?.sentences.flatMap((s) => s.cites)).toEqual(["S1", "S3"]);
  });

  it("reads no title as a name ('the King'), and people as well as companies", () => {
    const honours = [
      titled(
        "S1",
        "1925 Oak Honours",
        "The 1925 Oak Honours were appointments made for the birthday of the King.",
      ),
      titled(
        "S2",
        "1951 Oak Honours",
        "The 1951 Oak Honours were appointments made for the birthday of the King.",
      ),
    ];
    expect(
      read("Were the 1925 Oak Honours and the 1951 Oak Honours made by the same monarch?", honours),
    ).toBeNull();
    const teams = [
      titled("S1", "2009–10 Elm Rams men's basketball team", "The 2009–10 Elm Rams were coached by Ray Sun."),
      titled("S2", "1995–96 Elm Rams men's basketball team", "The 1995–96 Elm Rams were coached by Cy Vale."),
    ];
    expect(read("Were the 2009–10 Elm Rams and the 1995–96 Elm Rams coached by the same man?", teams)).toBe(
      "no",
    );
  });

  it("prefers names holding the compared noun ('the same county')", () => {
    const ev = [
      titled("S1", "Elmton", "Elmton is a place in Oak County, Colora, near Ashby."),
      titled("S2", "Oakby", "Oakby is a place in Oak County, Colora."),
    ];
    expect(read("Are Elmton and Oakby in the same county?", ev)).toBe("yes");
  });

  it("takes no name for the same that only holds the other ('Oak Records' is not 'Oak')", () => {
    const ev = [
      titled("S1", "Sun Songs", "Sun Songs is an album released by Oak Records in 1990."),
      titled("S2", "Moon Tapes", "Moon Tapes is an album released by Oak in 1991."),
      titled("S3", "Star Demos", "Star Demos is an album released by Oak Records Inc. in 1992."),
    ];
    expect(read("Were Sun Songs and Moon Tapes released by the same label?", ev)).toBe("no");
    expect(read("Were Sun Songs and Star Demos released by the same label?", ev)).toBe("yes");
  });

  it("answers nothing when one passage is missing", () => {
    expect(read("Were Oak Band and Fir Band formed by the same company?", bands)).toBeNull();
  });
});
