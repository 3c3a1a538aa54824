import { describe, expect, it } from "vitest";
import { countryOfNationality, openingCountry } from "./demonyms.js";

describe("nationality words", () => {
  it("gives the country a nationality word stands for, whole words only", () => {
    expect(countryOfNationality("Swedish")).toBe("Sweden");
    expect(countryOfNationality("Costa Rican")).toBe("Costa Rica");
    expect(countryOfNationality("Swedes")).toBeNull();
    expect(countryOfNationality("Paris")).toBeNull();
  });

  it("reads the first nationality of a passage's opening 'is a …' phrase, nowhere else", () => {
    expect(openingCountry("Elm Vale is a Soviet and Russian rock band from Lenport.")).toBe("Soviet Union");
    expect(openingCountry("Ola Brandt (1890 – 1950) was a Danish sport shooter.")).toBe("Denmark");
    // A nationality later in the passage, or past the phrase's first words, is not the subject's.
    expect(openingCountry("Elm Vale is a rock band. It toured with a French singer.")).toBeNull();
    expect(openingCountry("Elm Vale is a band that often played with two Danish folk groups.")).toBeNull();
  });
});
