import { describe, expect, it } from "vitest";
import { amountNear, composeAmountChoice, parseAmountChoice } from "./compose-amount-choice.js";
import { titledEvidence as titled } from "./test-evidence.js";

const towns = [
  titled("S1", "Elmton", "Elmton is a city in Oak County. The population was 29,987 at the 2010 census."),
  titled("S2", "Oakby", "Oakby is a town founded in 1761. The population was 1,154 at the 2010 census."),
];

describe("parseAmountChoice", () => {
  it("reads the direction and what is measured, with the words a passage uses for it", () => {
    const q = parseAmountChoice("Which town has more residents, Elmton or Oakby?");
    expect(q?.want).toBe("max");
    expect(q?.measure.has("popul")).toBe(true);
    expect(parseAmountChoice("Which village had the smaller population, Elmton or Oakby?")?.want).toBe("min");
    expect(parseAmountChoice("Which town is in Colora, Elmton or Oakby?")).toBeNull();
  });
});

describe("amountNear", () => {
  it("takes the amount next to the measure's words, never a year", () => {
    const measure = parseAmountChoice("Which has more inhabitants, Elmton or Oakby?")?.measure ?? new Set();
    expect(amountNear(towns[1]?.text ?? "", measure)?.value).toBe(1154);
  });

  it("reads a hyphenated amount ('a 1,800-seat arena')", () => {
    const measure =
      parseAmountChoice("Which arena seats more people, Robin Hall or Ash Gym?")?.measure ?? new Set();
    expect(amountNear("Ash Gym is a 1,800-seat arena opened in 1972.", measure)?.value).toBe(1800);
  });
});

describe("amountNear, labels and units", () => {
  const seats = parseAmountChoice("Which arena holds more spectators, Oak or Elm?")?.measure ?? new Set();
  it("skips a date's day, a version and an ordinal; reads a year-like count next to its measure", () => {
    expect(amountNear("It opened on 12 March 1998 and holds 7,000 spectators.", seats)?.value).toBe(7000);
    expect(amountNear("Version 2.0 seats 500 spectators.", seats)?.value).toBe(500);
    expect(amountNear("The 3rd-tier arena holds 4,500 spectators.", seats)?.value).toBe(4500);
    expect(amountNear("The hall seats 2000 people and opened in 1965.", seats)?.value).toBe(2000);
  });

  it("compares no amounts written in different units", () => {
    const q = parseAmountChoice("Which lake is larger, Oak Lake or Elm Lake?");
    const ev = [
      titled("S1", "Oak Lake", "Oak Lake covers an area of 12 square kilometres."),
      titled("S2", "Elm Lake", "Elm Lake is a 900 acres lake."),
    ];
    expect(q ? composeAmountChoice(q, ev) : "unparsed").toBeNull();
  });
});

describe("composeAmountChoice", () => {
  it("picks the larger or smaller amount and cites both passages", () => {
    const more = parseAmountChoice("Which has more inhabitants, Oakby or Elmton?");
    const draft = more ? composeAmountChoice(more, towns) : null;
    expect(draft?.short_answer).toBe("Elmton");
    expect(draft?.sentences.flatMap((s) => s.cites)).toEqual(["S1", "S2"]);
    const fewer = parseAmountChoice("Which has fewer inhabitants, Oakby or Elmton?");
    expect(fewer ? composeAmountChoice(fewer, towns)?.short_answer : null).toBe("Oakby");
  });

  it("reads the measure's kin before the question's other words, and no season's years", () => {
    const q = parseAmountChoice("Which stadium could hold more spectators, Ash Gym or Oak Park?");
    const ev = [
      titled("S1", "Ash Gym", "Ash Gym is an arena whose main rink can seat up to 1,400 people."),
      titled(
        "S2",
        "Oak Park",
        "Oak Park was a stadium until the 1998–99 season. At its largest, the stadium held 40,000 spectators.",
      ),
    ];
    expect(q ? composeAmountChoice(q, ev)?.short_answer : null).toBe("Oak Park");
  });

  it("answers nothing when one option's amount is not stated", () => {
    const q = parseAmountChoice("Which has more inhabitants, Oakby or Ashby?");
    const ev = [...towns, titled("S3", "Ashby", "Ashby is a village on the river.")];
    expect(q ? composeAmountChoice(q, ev) : "unparsed").toBeNull();
  });
});
