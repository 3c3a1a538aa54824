import { describe, expect, it } from "vitest";
import { composeBoth, parseBoth } from "./compose-both.js";
import { composeChoice, firstDate, lastLifeDate, lifeLength, parseChoice } from "./compose-choice.js";
import { parseSameName } from "./compose-same-name.js";
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

describe("both", () => {
  it("answers yes only when each option's own passage states what both are said to be", () => {
    const q = parseBoth("Are Dust Road and Kelp Tonic both types of drinks?");
    expect(q).toEqual({ options: ["Dust Road", "Kelp Tonic"], predicate: ["drink"], proper: [] });
    const ev = [
      film("S1", "Kelp Tonic", "Kelp Tonic is a cold drink made from sea kelp."),
      film("S2", "Dust Road", "Dust Road is a 2010 documentary film."),
      film("S3", "Chicha", "Chicha is a fermented drink of the Andes."),
    ];
    expect(q && composeBoth(q, ev)).toMatchObject({
      short_answer: "no",
      sentences: [
        { text: "No: Dust Road is a 2010 documentary film.", cites: ["S2"] },
        { text: "Kelp Tonic is a cold drink made from sea kelp.", cites: ["S1"] },
      ],
    });
    expect(
      composeBoth({ options: ["Kelp Tonic", "Chicha"], predicate: ["drink"], proper: [] }, ev)?.short_answer,
    ).toBe("yes");
    expect(parseBoth("Are the two towns in the same country?")).toBeNull();
  });

  it("needs every capitalised word of the predicate in each passage, half of the others", () => {
    const ev = [
      film("S1", "Ann Roe", "Ann Roe is a Colorese playwright and poet."),
      film("S2", "Bo Lin", "Bo Lin is an Elmish playwright."),
      film("S3", "Cy Vale", "Cy Vale was a Colorese dramatist and playwright."),
    ];
    const q = parseBoth("Are Ann Roe and Bo Lin both Colorese playwrights?");
    expect(q?.proper).toEqual(["colores"]);
    expect(q && composeBoth(q, ev)?.short_answer).toBe("no");
    const r = parseBoth("Is Ann Roe, like Cy Vale, a Colorese playwright?");
    expect(r?.options).toEqual(["Ann Roe", "Cy Vale"]);
    expect(r && composeBoth(r, ev)?.short_answer).toBe("yes");
  });

  it("needs every predicate word when 'both' is unsaid, and no sentence that denies it", () => {
    const ev = [
      film("S1", "Acme Corp", "Acme Corp is a software company."),
      film("S2", "Bolt Inc", "Bolt Inc is a software company. Bolt Inc is not deprecated."),
    ];
    const q = parseBoth("Are Acme Corp and Bolt Inc hardware companies?");
    expect(q?.all).toBe(true);
    expect(q && composeBoth(q, ev)?.short_answer).toBe("no");
    const r = parseBoth("Are Acme Corp and Bolt Inc software companies?");
    expect(r && composeBoth(r, ev)?.short_answer).toBe("yes");
    const d = parseBoth("Are Acme Corp and Bolt Inc both deprecated?");
    expect(d && composeBoth(d, ev)?.short_answer).toBe("no");
  });

  it("needs every modifier of a bare noun phrase: two films are both films, not both comedies", () => {
    const ev = [
      film("S1", "Oak Night", "Oak Night is a 1999 American black comedy film."),
      film("S2", "Elm Day", "Elm Day is a 2006 American crime drama film."),
      film("S3", "Pine Hour", "Pine Hour is a 2001 romantic comedy film."),
    ];
    const q = parseBoth("Are Oak Night and Elm Day both comedy films?");
    expect(q?.modifiers).toEqual(["comedi"]);
    expect(q && composeBoth(q, ev)?.short_answer).toBe("no");
    const r = parseBoth("Are Oak Night and Pine Hour both comedy films?");
    expect(r && composeBoth(r, ev)?.short_answer).toBe("yes");
    // A verb's object or a place after a preposition is no modifier: half the words still do.
    expect(parseBoth("Are Oak Night and Elm Day both located in Elmshire?")?.modifiers).toBeUndefined();
  });

  it("reads 'Is A, like B, a …?' from each opening sentence, with every predicate word", () => {
    const ev = [
      film(
        "S1",
        "Fuel Co",
        "Fuel Co is a chain of fuel stations in Elmland. In 1990 it bought a chain of corner shops.",
      ),
      film("S2", "Mart Co", "Mart Co is a chain of corner shops in Oakland."),
      film("S3", "Shop Co", "Shop Co is a chain of large corner shops."),
    ];
    const q = parseBoth("Is Fuel Co, like Mart Co, a chain of corner shops?");
    expect(q?.like).toBe(true);
    expect(q && composeBoth(q, ev)?.short_answer).toBe("no");
    const r = parseBoth("Is Shop Co, like Mart Co, a chain of corner shops?");
    expect(r && composeBoth(r, ev)?.short_answer).toBe("yes");
  });

  it("reads 'both' before the two names: the second name is the capitalised run, the predicate what follows", () => {
    expect(parseBoth("Were both Ann Roe and Bo Lin film directors?")).toEqual({
      options: ["Ann Roe", "Bo Lin"],
      predicate: ["film", "director"],
      proper: [],
      modifiers: ["film"],
    });
    const q = parseBoth("Are both Oak Weekly and Pine Monthly magazines?");
    expect(q?.options).toEqual(["Oak Weekly", "Pine Monthly"]);
    const ev = [
      film("S1", "Oak Weekly", "Oak Weekly is an American women's magazine."),
      film("S2", "Pine Monthly", "Pine Monthly was a literary magazine published in 1844."),
    ];
    expect(q && composeBoth(q, ev)?.short_answer).toBe("yes");
  });

  it("reads no 'both' question without its question mark or past 300 characters (its patterns are polynomial)", () => {
    expect(parseBoth("Are both Oak Weekly and Pine Monthly magazines")).toBeNull();
    expect(parseBoth(`Are both Oak Weekly and Pine Monthly magazines${" really".repeat(45)}?`)).toBeNull();
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

describe("names are not what they say", () => {
  it("reads no denial in a title or a hyphenated 'not-for-' and finds an option whose bracket tells it apart", () => {
    const ev = [
      film("S1", "I Won't Stop", '"I Won\'t Stop" is a song by American singer Ann Roe.'),
      film("S2", "Elm Song", '"Elm Song" is a song by American singer Bo Lin.'),
      film("S3", "Oak Radio", "Oak Radio is a not-for-profit media company."),
      film("S4", "Pine Media", "Pine Media is a not-for-profit media company in Elmland."),
      film("S5", "Elm Night (1988 film)", "Elm Night is a 1988 film based on a novel by Cy Vale."),
      film("S6", "Pine Day (1956 film)", "Pine Day is a 1956 film based on a novel by Cy Vale."),
    ];
    const yes = (q: string) => {
      const parsed = parseBoth(q);
      return parsed && composeBoth(parsed, ev)?.short_answer;
    };
    expect(yes('Are "I Won\'t Stop" and "Elm Song" both songs by American singers?')).toBe("yes");
    // A denying word in the option's own name denies nothing.
    expect(
      composeBoth({ options: ["Never Oak", "Elm Song"], predicate: ["song"], proper: [] }, [
        film("S7", "Never Oak", "Never Oak is a song by Ann Roe."),
        film("S8", "Elm Song", "Elm Song is a song by Bo Lin."),
      ])?.short_answer,
    ).toBe("yes");
    expect(yes("Are Oak Radio and Pine Media both not-for-profit media companies?")).toBe("yes");
    expect(yes("Are the films Elm Night (1988) and Pine Day (1956) both based on novels by Cy Vale?")).toBe(
      "yes",
    );
  });

  it("reads 'held in the same country', and the thing of a named one through it ('the scores for A')", () => {
    expect(parseSame("Were the Oak Cup and the Elm Cup held in the same country?")?.options).toEqual([
      "Oak Cup",
      "Elm Cup",
    ]);
    expect(parseSame("Were the Oak Cup and the Elm Cup hosted in the same country?")?.options).toEqual([
      "Oak Cup",
      "Elm Cup",
    ]);
    // Only things of a work are asked through it: "the siege of Oakfield" is a name.
    expect(
      parseSameName("Were the siege of Oakfield and the battle of Elmton led by the same general?")?.options,
    ).toEqual(["siege of Oakfield", "battle of Elmton"]);
    expect(
      parseSameName("Were the scores for Oak Night and Elm Day written by the same composer?")?.options,
    ).toEqual(["Oak Night", "Elm Day"]);
  });

  it("reads 'built in the same country' as a same-place question", () => {
    expect(parseSame("Were the Oak Bomber and the Elm Fighter built in the same country?")?.options).toEqual([
      "Oak Bomber",
      "Elm Fighter",
    ]);
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
