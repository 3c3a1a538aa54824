import { describe, expect, it } from "vitest";
import { expectedAnswer } from "./answer-type.js";
import { makerRoleFit, makerRoles } from "./maker-role.js";
import { questionCues } from "./question-cues.js";

const cues = (q: string) => questionCues(q, expectedAnswer(q));
const text = "The Elm is a film directed by Jo Vale, written by Al Roe and Bo Lin, and produced by Cy Ash.";
const roleFit = (q: string, name: string) => makerRoleFit(text, text.indexOf(name), cues(q));

describe("makerRoles", () => {
  it("reads a role from its noun and its verb forms, irregular ones too", () => {
    expect([...makerRoles("What screenwriter co-wrote it?")]).toEqual(["write"]);
    expect([...makerRoles("Who directed and produced it?")]).toEqual(["direct", "produce"]);
    expect(makerRoles("Where was it found?").size).toBe(0);
  });
});

describe("makerRoleFit", () => {
  it("favours the maker of the role asked and disfavours another maker", () => {
    expect(roleFit("What screenwriter co-wrote The Elm?", "Al Roe")).toBeGreaterThan(0);
    // A later name of the list after "written by".
    expect(roleFit("What screenwriter co-wrote The Elm?", "Bo Lin")).toBeGreaterThan(0);
    expect(roleFit("What screenwriter co-wrote The Elm?", "Jo Vale")).toBeLessThan(0);
    expect(roleFit("Who directed The Elm?", "Jo Vale")).toBeGreaterThan(0);
    expect(roleFit("Who directed The Elm?", "Cy Ash")).toBeLessThan(0);
  });
  it("says nothing when the question names its maker or asks no role", () => {
    expect(roleFit("What film written by Al Roe won an award?", "Jo Vale")).toBe(0);
    expect(roleFit("Where was The Elm shot?", "Jo Vale")).toBe(0);
  });
  it("reads participles joined by 'and'", () => {
    const joined = "It is written and illustrated by Masa Kato.";
    expect(makerRoleFit(joined, joined.indexOf("Masa"), cues("Who wrote the manga?"))).toBeGreaterThan(0);
  });
});
