import { describe, expect, it } from "vitest";
import {
  askedKind,
  bornAt,
  countryOfDemonym,
  saidAsPlace,
  widerAfterName,
  widerInAddress,
} from "./place-words.js";

describe("place words", () => {
  it("reads an address by its place word and its order; a list of names is no address", () => {
    expect(widerInAddress("a house in Ashford, Norvale designed by", "Norvale", "state")).toBe(true);
    expect(widerInAddress("a house in Ashford, Norvale designed by", "Ashford", "state")).toBe(false);
    // The narrower place's kind may come before its name.
    expect(widerInAddress("a school located in the city of Ashford, Norvale", "Norvale", "state")).toBe(true);
    expect(widerInAddress("born in Ashford, Norvale, Westland.", "Norvale", "state")).toBe(true);
    expect(widerInAddress("born in Ashford, Norvale, Westland.", "Westland", "state")).toBe(false);
    expect(widerInAddress("born in Ashford, Norvale, Westland.", "Norvale", "country")).toBe(false);
    expect(widerInAddress("born in Ashford, Norvale, Westland.", "Westland", "country")).toBe(true);
    expect(widerInAddress("starring Ann Lee, Bo Chan and Cy Ray.", "Bo Chan", "country")).toBe(false);
    expect(widerInAddress("a house in Ashford, Norvale", "Norvale", "city")).toBe(false);
    expect(widerInAddress("a river in Ash District and Elm District, Westland.", "Westland", "country")).toBe(
      true,
    );
    expect(
      widerInAddress("a river in Ash District and Elm District, Westland.", "Elm District", "country"),
    ).toBe(false);
  });

  it("reads the wider place written right after a name, ending with its sentence", () => {
    const t = [
      "Ota Brenner (1838 in Dorfburg, Westmark – 1898 in Elmton, Colora) drew maps.",
      "Ida was born in Kista, Stockholm, Sweden and lives in Oslo. Bo lives in Lund, Skania. It rains.",
    ];
    expect(widerAfterName(t, "Elmton", "state")).toBe("Colora");
    expect(widerAfterName(t, "dorfburg", "state")).toBe("Westmark");
    expect(widerAfterName(t, "Kista", "country")).toBe("Sweden");
    expect(widerAfterName(t, "Kista", "state")).toBe("Stockholm");
    expect(widerAfterName(t, "Lund", "country")).toBe("Skania");
    expect(widerAfterName(t, "Oslo", "state")).toBeNull();
    expect(widerAfterName(t, "Elmton", "city")).toBeNull();
    // Not past the sentence's end, and not from a list without a place word.
    expect(widerAfterName(["He lived in Lund, Skania. Later, Bo Renn moved."], "Lund", "country")).toBe(
      "Skania",
    );
    expect(widerAfterName(["The towns are Alpha, Beta, Gamma."], "Alpha", "country")).toBeNull();
  });

  it("says a place after a place word, or after a birth year", () => {
    expect(saidAsPlace("Orrin died in Port Vell in 1982.", "Port Vell")).toBe(true);
    expect(saidAsPlace("with organist Del Varga, recorded", "Del Varga")).toBe(false);
    expect(bornAt("Tam Orrin (born May 6, 1916, Port Vell, Norland) is a boxer.", "Port Vell")).toBe(true);
    expect(bornAt("Born Jan. 6, 1916, Port Vell, he boxed.", "Port Vell")).toBe(true);
    expect(bornAt("Tam Orrin (born May 6, 1916) met Del Varga, a boxer.", "Del Varga")).toBe(false);
    // No year right before it: "born to" names parents.
    expect(bornAt("Ada Holm was born to Tam Orrin, Del Varga and others.", "Del Varga")).toBe(false);
  });

  it("takes a participle after the kind noun for the kind asked, not a noun after it", () => {
    expect(askedKind("Which country containing Brellin?")).toBe("country");
    expect(askedKind("Which country bordering the Norland Sea?")).toBe("country");
    expect(askedKind("Which country singing star recorded Brellin?")).toBeUndefined();
  });

  it("turns a nationality word into the country the texts say as a place", () => {
    expect(countryOfDemonym("Norlandish", ["He settled in Norland.", "Norland has a coast."])).toBe(
      "Norland",
    );
    // A plural or singular national is no place; a span said as a place is a country already.
    expect(countryOfDemonym("Norlandish", ["The Norlandians and a Norlander sailed."])).toBeNull();
    expect(countryOfDemonym("Ostavistan", ["an Ostav footballer who lives in Ostavistan"])).toBeNull();
    expect(countryOfDemonym("Norlandish", ["He sailed to Norland and to Norlandia.", "in Norlandia"])).toBe(
      "Norlandia",
    );
    expect(countryOfDemonym("Ola Brandt", ["Ola Brandt of Olavia"])).toBeNull();
    // The country closing an address is said as a place too; a name in a list is not.
    expect(countryOfDemonym("Norlandish", ["He was born in Vik, Ostby, Norland on 3 May."])).toBe("Norland");
    expect(countryOfDemonym("Norlandish", ["starring Ann Lee, Bo Chan and Norland Smith."])).toBeNull();
  });
});
