import { describe, expect, it } from "vitest";
import { periodsOf, spansOf } from "./answer-spans.js";

const texts = (text: string, type: Parameters<typeof spansOf>[1]) => spansOf(text, type).map((s) => s.text);

describe("spansOf", () => {
  it("finds money with its currency and scale, not bare years", () => {
    expect(texts("In 2021 revenue was $17.5 billion, up from $11.1 billion.", "money")).toEqual([
      "$17.5 billion",
      "$11.1 billion",
    ]);
  });

  it("finds counts with their noun and never a year as a count", () => {
    expect(texts("In 2008 it takes about 9 cycles per bytecode.", "quantity")).toContain(
      "9 cycles per bytecode",
    );
    expect(texts("In 2008 it takes about 9 cycles per bytecode.", "quantity")).not.toContain("2008");
    // A year before a comma is still a year, no count.
    expect(texts("Bo Lin (born 1969, Elmtown) runs 70 stores.", "quantity")).toEqual(["70 stores"]);
  });

  it("reads a month as a date, never as a nationality", () => {
    const found = texts("Ann Roe (1591 – 11 March 1646) was a Polish commander.", "place");
    expect(found).toContain("Polish");
    expect(found).not.toContain("March");
  });

  it("reads a number in words with its noun, never a function word, never a number word in a name", () => {
    expect(texts("It took nine cycles, one of them idle.", "quantity")).toEqual(["nine cycles", "one"]);
    expect(texts("We launched Acme One in the United States.", "quantity")).toEqual([]);
  });

  it("never takes a function word for what a count counts", () => {
    expect(texts("The town had a population of 35,124 at the 2001 census.", "quantity")).toContain("35,124");
  });

  it("never takes the language label of a name in another script for a name", () => {
    const found = texts("Bo Lin (Bengali: বো লিন; born 1974) is a motivational speaker.", "person");
    expect(found).not.toContain("Bengali");
    expect(found).toContain("Bo Lin");
  });

  it("never takes the words leading into a date for a name", () => {
    const names = (t: string) => spansOf(t, "organisation").map((s) => s.text);
    expect(names("| Year Ended December 31, | 2021 Net loss | As of December 31, 2021 Total")).not.toContain(
      "Year Ended December",
    );
    expect(names("Three Months Ended March 31, 2021 were strong")).toEqual([]);
    expect(names("The Battle of Elm took place in May.")).toEqual(["Battle of Elm"]);
  });

  it("never takes a joined nationality for a name", () => {
    const found = texts("Bo Lin is a British-Australian journalist at Vale Press.", "organisation");
    expect(found).not.toContain("British-Australian");
    expect(found).toContain("Vale Press");
  });

  it("never takes a sentence's opening adverb or quantifier for a name", () => {
    const hotels = texts("There are notable hotels in Elmford such as Elm Court Resort.", "organisation");
    expect(hotels).toContain("Elm Court Resort");
    expect(hotels).not.toContain("There");
    const hit = texts("Although small, Both Ways is a hit.", "organisation");
    expect(hit).toContain("Both Ways");
    expect(hit).not.toContain("Although");
  });

  it("reads a name joined by 'of the' as one name", () => {
    const found = texts(
      "The Battle of Elm Creek, also known as the Battle of the Osk, was fought in Norland.",
      "organisation",
    );
    expect(found).toContain("Battle of the Osk");
    expect(found).not.toContain("Osk");
    // "and the" joins no two names.
    const two = texts("The deal between Acme Corp and the European Board closed.", "organisation");
    expect(two).toContain("Acme Corp");
    expect(two).toContain("European Board");
  });

  it("ends a name before an article that opens the next sentence when its full stop is missing", () => {
    const found = texts(
      "Bills are debated on the floor of the Assembly The current chair is Ann Roe.",
      "person",
    );
    expect(found).toContain("Assembly");
    expect(found).not.toContain("Assembly The");
    // A title ending in a preposition keeps it, and so does a name ending in a letter.
    expect(texts("The Class A shares vote.", "organisation")).toContain("Class A");
    expect(texts("The rhyme What Are Little Boys Made Of was printed.", "organisation")).toContain(
      "What Are Little Boys Made Of",
    );
  });

  it("finds percentages, dates and versions", () => {
    expect(texts("The notes pay 4.50% interest.", "percent")).toEqual(["4.50%"]);
    expect(texts("It was published on April 10, 2020.", "date")).toContain("April 10, 2020");
    expect(texts("Replaced in release 0.1.3 of the package.", "version")).toEqual(["0.1.3"]);
    expect(texts("Install software version P12.1.2 on both units, not 737 or 8.5%.", "version")).toEqual([
      "P12.1.2",
    ]);
  });

  it("finds identifiers: inline code, flags, module paths, error codes", () => {
    const found = texts(
      "Pass `--named-addresses` or call object::owns; it aborts with ECOIN_SYMBOL_TOO_LONG.",
      "code",
    );
    expect(found).toEqual(
      expect.arrayContaining(["--named-addresses", "object::owns", "ECOIN_SYMBOL_TOO_LONG"]),
    );
    expect(texts("Plain words only here.", "code")).toEqual([]);
    expect(texts("Install the CLI and read the JSON, or it fails with EFROZEN or E404.", "code")).toEqual([
      "EFROZEN",
      "E404",
    ]);
  });
});

describe("number words", () => {
  it("are whole words: an ordinal is no count", () => {
    expect(texts("During the fourth quarter, merchants grew to over 170,000.", "quantity")).toEqual([
      "170,000",
    ]);
    expect(texts("Four merchants were active.", "quantity")).toEqual(["Four merchants"]);
  });
});

describe("periodsOf", () => {
  it("finds two years joined, with their 'from' or 'between'", () => {
    const text =
      "Jo Vale managed Elm United from 1986 to 2013; Al Roe between 1945 and 1969, Bo Lin 1903–1912.";
    expect(periodsOf(text).map((s) => s.text)).toEqual([
      "from 1986 to 2013",
      "between 1945 and 1969",
      "1903–1912",
    ]);
    expect(periodsOf("She has served since 2017 to present.").map((s) => s.text)).toEqual([
      "2017 to present",
    ]);
  });
  it("finds no period in one year or a number range", () => {
    expect(periodsOf("In 1986 the club won 3 to 1.")).toEqual([]);
  });
});
