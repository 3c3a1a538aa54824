import { describe, expect, it } from "vitest";
import { negationConflict, negations } from "./verify-negation.js";

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

  it("reads a capitalised cue before a capitalised word, past the first word, as part of a title", () => {
    expect(negations('Yes: Can\'t Stop It: 2007; "No One Else" was released in 2007.')).toEqual([]);
    // First word, or before a lowercase word: a negation still.
    expect(negations("No Uber driver owns a fleet.")).toEqual([
      { cue: "no", terms: ["uber", "driver", "own", "fleet"] },
    ]);
    expect(negations("It said No to the offer.")).toEqual([{ cue: "no", terms: ["offer"] }]);
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
