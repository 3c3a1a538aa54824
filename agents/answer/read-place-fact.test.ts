import { describe, expect, it } from "vitest";
import { readPersonFact } from "./read-person-fact.js";
import { placeOf } from "./read-place-fact.js";
import { evidence } from "./test-evidence.js";

const text = "Jonny Cake is an unincorporated community in McDole County, West Vale, United States.";

describe("placeOf", () => {
  it("reads the county, the state after it and the country named last", () => {
    expect(placeOf(text, "county")).toBe("McDole County");
    expect(placeOf(text, "state")).toBe("West Vale");
    expect(placeOf(text, "country")).toBe("United States");
  });

  it("a full stop ends the last place", () => {
    expect(placeOf("Dodge Field is an airport in Ford County, Kanza.", "state")).toBe("Kanza");
  });

  it("reads the country a region is part of", () => {
    expect(placeOf("Bunde is a town in the Eastern Region of Norland. It is a market.", "country")).toBe(
      "Norland",
    );
    expect(
      placeOf("Cloe is a village in the Marsh-Vale region of Norland. It has 900 people.", "country"),
    ).toBe("Norland");
  });

  it("reads the country after two places side by side, and no district as a country", () => {
    const river = "The Ash is a river in Vale District and Orin District, Westland. It rises in hills.";
    expect(placeOf(river, "country")).toBe("Westland");
    expect(placeOf("The Ash is a river in Vale District. It rises in hills.", "country")).toBeNull();
  });

  it("says nothing of a kind the sentence does not name", () => {
    expect(placeOf("Pomo Hill is an archaeological site.", "county")).toBeNull();
  });
});

describe("readPersonFact on where a place lies", () => {
  it("answers 'Which county where X is located?' from X's own passage", () => {
    const ev = [evidence("S1", text, { heading_path: ["Jonny Cake"] })];
    expect(readPersonFact("Which county where Jonny Cake is located?", ev)?.answer).toBe("McDole County");
    expect(readPersonFact("Which country where Jonny Cake is found?", ev)?.answer).toBe("United States");
  });
});
