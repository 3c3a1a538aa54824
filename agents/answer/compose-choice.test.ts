import { describe, expect, it } from "vitest";
import { parseBoth } from "./compose-both.js";
import { composeChoice, firstDate, lastLifeDate, lifeLength, parseChoice } from "./compose-choice.js";
import { composeSame, parseSame, placeOf } from "./compose-yes-no.js";
import { evidence, titledEvidence as film } from "./test-evidence.js";

describe("parseChoice", () => {
  it("reads the two options, the direction and the role the comparison goes through", () => {
    expect(parseChoice("Which film was released first, Alpha Road or Beta Lane?")).toEqual({
      options: ["Alpha Road", "Beta Lane"],
      want: "min",
      role: null,
      death: false,
      lifespan: false,
    });
    expect(parseChoice("Who was born later out of Ann Lee and Bo Chen?")?.want).toBe("max");
    expect(parseChoice("Was Ann Lee or Bo Chen born first?")?.options).toEqual(["Ann Lee", "Bo Chen"]);
    expect(parseChoice("Who lived longer, Ann Lee or Bo Chen?")).toMatchObject({
      want: "max",
      lifespan: true,
    });
    expect(parseChoice("Which film has the director who is older, Alpha Road or Beta Lane?")?.role).toBe(
      "director",
    );
    expect(parseChoice("who is younger Ann Lee or Bo Chen ?")).toMatchObject({
      options: ["Ann Lee", "Bo Chen"],
      want: "max",
    });
    expect(parseChoice("What is the capital of France?")).toBeNull();
  });
});

describe("composeChoice", () => {
  it("picks the longer life from each passage's two dates", () => {
    const lives = [
      film("S1", "Ann Lee", "Ann Lee (born 8 November 1913 in Salz – d. 28 March 2003) was an engineer."),
      film("S2", "Bo Chen", "Bo Chen (16 January 1941 – 21 September 2011) was a judge."),
    ];
    const choice = parseChoice("Who lived longer, Ann Lee or Bo Chen?");
    expect(choice && composeChoice(choice, lives)?.short_answer).toBe("Ann Lee");
    expect(lifeLength("Bo Chen (born 1941) is a judge.")).toBeNull();
  });

  it("reads each option's person from the hops when given, citing the option's passage too", () => {
    const ev2 = [
      film("S1", "Alpha Road", "Alpha Road is a 1962 film edited by Carl Dunn."),
      film("S2", "Beta Lane", "Beta Lane is a 1955 film."),
      film("S3", "Carl Dunn", "Carl Dunn (born 3 May 1921) was a director."),
      film("S4", "Ida Moss", "Ida Moss (born 9 June 1930) was a director."),
    ];
    const choice = parseChoice("Which film has the director who is older, Alpha Road or Beta Lane?");
    expect(choice && composeChoice(choice, ev2)).toBeNull();
    const people = new Map([
      ["Alpha Road", "Carl Dunn"],
      ["Beta Lane", "Ida Moss"],
    ]);
    const draft = choice && composeChoice(choice, ev2, people);
    expect(draft?.short_answer).toBe("Alpha Road");
    expect(draft?.sentences[0]?.cites).toEqual(["S1", "S3", "S2", "S4"]);
  });

  const ev = [
    film("S1", "Alpha Road", "Alpha Road is a 1962 drama film directed by Carl Dunn."),
    film("S2", "Beta Lane", "Beta Lane is a 1955 comedy film directed by Ida Moss."),
    film("S3", "Carl Dunn", "Carl Dunn (born 3 May 1921) was a director."),
    film("S4", "Ida Moss", "Ida Moss (born 9 June 1930) was a director."),
  ];

  it("picks the option with the earlier date and cites both passages", () => {
    const d = composeChoice(
      { options: ["Alpha Road", "Beta Lane"], want: "min", role: null, death: false },
      ev,
    );
    expect(d?.short_answer).toBe("Beta Lane");
    expect(d?.sentences[0]?.cites).toEqual(["S2", "S1"]);
  });

  it("goes through the role: the film whose director is older", () => {
    const d = composeChoice(
      { options: ["Alpha Road", "Beta Lane"], want: "min", role: "director", death: false },
      ev,
    );
    expect(d?.short_answer).toBe("Alpha Road");
  });

  it("gives up (null) when an option has no dated passage", () => {
    expect(
      composeChoice({ options: ["Alpha Road", "Gamma"], want: "min", role: null, death: false }, ev),
    ).toBeNull();
  });
});

describe("same place", () => {
  it("parses the options and answers yes or no from where each passage places its subject", () => {
    const q = parseSame("Are Marsh Hill and Oak Vale both located in the same country?");
    expect(q?.options).toEqual(["Marsh Hill", "Oak Vale"]);
    const ev = [
      film("S1", "Marsh Hill", "Marsh Hill is a village in Kent County, Norland."),
      film("S2", "Oak Vale", "Oak Vale is a town in Lower District, Norland."),
      film("S3", "Pine Crest", "Pine Crest is a village in Ostmark."),
    ];
    expect(q && composeSame(q, ev)?.short_answer).toBe("yes");
    expect(composeSame({ options: ["Marsh Hill", "Pine Crest"], role: null }, ev)?.short_answer).toBe("no");
    expect(placeOf("Ann Lee was an American film director.")).toBe("American");
    expect(placeOf("Red Fog is a 1990 Ostish-Norlandian drama film.")).toBe("Ostish-Norlandian");
    const both = [
      film("S1", "Red Fog", "Red Fog is a 1990 Ostish-Norlandian drama film."),
      film("S2", "Blue Rain", "Blue Rain is a 1938 Norlandian drama film."),
      film("S3", "Grey Sky", "Grey Sky is a 1950 Vestian film."),
    ];
    expect(composeSame({ options: ["Red Fog", "Blue Rain"], role: null }, both)?.short_answer).toBe("yes");
    expect(composeSame({ options: ["Red Fog", "Grey Sky"], role: null }, both)?.short_answer).toBe("no");
    // An abbreviation does not end the sentence; the widest place is named last.
    expect(placeOf("Isle Nord is an island in St. Aubin, Norland, bordered by two rivers.")).toBe("Norland");
  });

  it("answers in words the verifier finds in the cited passages", () => {
    const ev = [
      film("S1", "Marsh Hill", "Marsh Hill is a village in St. Aubin, Norland."),
      film("S2", "Oak Vale", "Oak Vale is a town in Lower District, Norland."),
    ];
    const draft = composeSame({ options: ["Marsh Hill", "Oak Vale"], role: null }, ev);
    expect(draft?.sentences[0]?.text).toBe("Yes: Marsh Hill: Norland; Oak Vale: Norland.");
  });
});

describe("an option's passage", () => {
  it("is the lead chunk of its article, not a later one ranked higher", () => {
    const later = { ...film("S1", "Ann Lee", "Lee lost the battle on February 15, 1862."), char_start: 900 };
    const ev = [
      later,
      film("S2", "Ann Lee", "Ann Lee (June 8, 1806 – October 8, 1878) was a general."),
      film("S3", "Bo Chen", "Bo Chen (6 December 1833 – 1 August 1906) was an engineer."),
    ];
    const d = composeChoice({ options: ["Ann Lee", "Bo Chen"], want: "max", role: null, death: false }, ev);
    expect(d?.short_answer).toBe("Bo Chen");
  });
});

describe("deaths", () => {
  it("compares death dates when the question asks who died first", () => {
    expect(parseChoice("Which film has the director who died first, Alpha Road or Beta Lane?")?.death).toBe(
      true,
    );
    const ev = [
      film("S1", "Ann Lee", "Ann Lee (3 May 1900 – 9 June 1990) was a director."),
      film("S2", "Bo Chen", "Bo Chen (1 January 1910 – 2 February 1960) was a director."),
    ];
    const d = composeChoice({ options: ["Ann Lee", "Bo Chen"], want: "min", role: null, death: true }, ev);
    expect(d?.short_answer).toBe("Bo Chen");
    expect(lastLifeDate("No dates at all.")).toBeNull();
    // An initial does not end the first sentence before the life's dates.
    expect(lastLifeDate("Robert G. Sand (September 8, 1904 – December 9, 1989) was a director.")?.text).toBe(
      "December 9, 1989",
    );
    // An old-style date in square brackets, and a missing dash: the bracket's last date.
    expect(
      lastLifeDate("Ivan Roe (Elmish: Ivan ; 21 November [O.S. 8 November] 1902 25 January 1982) was a poet.")
        ?.text,
    ).toBe("25 January 1982");
    expect(lastLifeDate("Ann Lee (born 3 May 1900) was a director. She retired in 1960.")).toBeNull();
  });
});

describe("firstDate", () => {
  it("orders day-month-year dates within a year", () => {
    const a = firstDate("born 3 May 1921");
    const b = firstDate("born 9 June 1921");
    expect(a && b && a.value < b.value).toBe(true);
    expect(firstDate("no date here")).toBeNull();
  });
});

describe("choice between namesakes", () => {
  it("reads the date from the passage led by the name that states one", () => {
    const ev = [
      evidence("S1", "Ann Roe is a software engineer known for early open source work."),
      evidence("S2", "Bo Lin (born October 14, 1941) is a former football coach."),
      evidence("S3", "Mary Ann Roe (born January 17, 1961) is a former football player."),
    ];
    const d = composeChoice({ options: ["Ann Roe", "Bo Lin"], want: "max", role: null, death: false }, ev);
    expect(d?.short_answer).toBe("Ann Roe");
    expect(d?.sentences[0]?.cites).toContain("S3");
  });
});

describe("parseBoth and parseSame with quoted titles and a category after a name", () => {
  it("reads quoted titles as names", () => {
    expect(parseBoth('Are both "Oak Weekly" and "Pine" magazines?')).toMatchObject({
      options: ["Oak Weekly", "Pine"],
      predicate: ["magazin"],
    });
  });

  it("drops a category noun after the second name", () => {
    expect(parseSame("Are Ann Lee and Bo Chen singers of the same nationality?")?.options).toEqual([
      "Ann Lee",
      "Bo Chen",
    ]);
  });
});

describe("composeChoice, an option with no passage of its own", () => {
  it("reads the dates bracketed right after the option's name in another passage", () => {
    const q = parseChoice("Who was born first, Tam Orrin or Elm Varga?");
    if (!q) throw new Error("no choice");
    const ev = [
      film("S1", "Tam Orrin (writer)", "Tam Orrin (c. 1691–1750) was a writer and pamphleteer."),
      film("S2", "The Blue Kite", "The Blue Kite is a 1912 painting by the artist Elm Varga (1883–1956)."),
    ];
    expect(composeChoice(q, ev)?.short_answer).toBe("Tam Orrin");
    // Without the bracket the painting's own year is no birth date: no choice.
    const undated = [
      ev[0],
      film("S2", "The Blue Kite", "The Blue Kite is a 1912 painting by Elm Varga."),
    ].filter((e) => e !== undefined);
    expect(composeChoice(q, undated)).toBeNull();
  });
});
