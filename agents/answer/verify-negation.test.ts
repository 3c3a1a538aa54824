import { describe, expect, it } from "vitest";
import { negationClash, negationConflict, negations, quotedNames } from "./verify-negation.js";

describe("negations", () => {
  it("scopes each cue to the next content words of its clause", () => {
    expect(negations("Neither Uber nor Lyft owns cars; it isn't so.")).toEqual([
      { cue: "neither", terms: ["uber"] },
      { cue: "nor", terms: ["lyft", "own", "car"] },
    ]);
    expect(negations("The collector is non-generational, stop-the-world.")).toEqual([
      { cue: "non", terms: ["generat"] },
    ]);
    expect(negations("It applies not only to cars. Payment is due no later than June.")).toEqual([]);
  });
});

describe("negationConflict", () => {
  it("fails a flipped negation either way, in English and Russian", () => {
    expect(negationConflict("Uber is profitable.", "Uber is not profitable.")).toMatch(/evidence negates/);
    expect(negationConflict("Uber is not profitable.", "Uber is profitable.")).toMatch(/sentence negates/);
    expect(negationConflict("Uber operates in China.", "Uber no longer operates in China.")).not.toBeNull();
    expect(negationConflict("It traces recursion.", "It never traces recursion.")).not.toBeNull();
    expect(
      negationConflict("Drivers can work with a permit.", "Drivers can work without a permit."),
    ).not.toBeNull();
    expect(negationConflict("Компания получила прибыль.", "Компания не получила прибыль.")).not.toBeNull();
  });

  it("passes paraphrased negations and negations of other clauses", () => {
    expect(negationConflict("Uber has no debt.", "Uber doesn't have any debt.")).toBeNull();
    expect(
      negationConflict(
        "Drivers use their own cars.",
        "Uber does not own vehicles, and drivers use their own cars.",
      ),
    ).toBeNull();
    expect(
      negationConflict("The collector is not generational.", "An exact, non-generational collector."),
    ).toBeNull();
  });
});

describe("names that hold a negation word", () => {
  it("are the cited passages' quoted names and titles, never a capitalised negation", () => {
    expect(quotedNames('"No Time Left" is a song; "not" is a word.')).toEqual(["No Time Left"]);
    // Capitalised negations are negations still.
    expect(negations("It was Not Approved.")).toEqual([{ cue: "not", terms: ["approv"] }]);
    expect(
      negationConflict("Republicans voted for the bill.", "The bill passed. No Republicans voted for it."),
    ).not.toBeNull();
    expect(
      negationConflict("Yes: No Republicans voted for the bill.", "Republicans voted for the bill."),
    ).not.toBeNull();
    // A title quoted in the evidence is a name on both sides.
    expect(negationClash("Yes: No Time Left: 2007.", '"No Time Left" was released in 2007.')).toBeNull();
    expect(
      negationClash("No Time Left came out in 2007.", "Time left came out in 2007.", ["No Time Left"]),
    ).toBeNull();
    expect(negationClash("No Time Left came out in 2007.", "Time left came out in 2007.")).not.toBeNull();
  });
});
