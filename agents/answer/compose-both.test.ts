import { describe, expect, it } from "vitest";
import { composeBoth, parseBoth, spells } from "./compose-both.js";
import { parseSameName } from "./compose-same-name.js";
import { parseSame } from "./compose-yes-no.js";
import { titledEvidence as film } from "./test-evidence.js";

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

describe("both, in other word orders", () => {
  const ev = [
    film("S1", "Oak Way", "Oak Way is a 1994 book by Jo Vale about investing, published by Elm House."),
    film("S2", "Three Oaks", "Three Oaks is a 1935 play by Ada Reeve, published by Elm House."),
    film("S3", "Ash Lee", "Ash Lee (born 1970) is a Canadian jazz musician."),
    film("S4", "Bo Park", "Bo Park (born 1965) is an American session musician."),
  ];
  const answer = (q: string) => {
    const parsed = parseBoth(q);
    return parsed ? composeBoth(parsed, ev)?.short_answer : undefined;
  };

  it("reads 'Is A a play, as B is?' as 'as is B'", () => {
    expect(answer("Is Oak Way a play, as Three Oaks is?")).toBe("no");
    expect(answer("Is Three Oaks a play, as Oak Way is?")).toBe("no");
  });

  it("reads 'A and B, are they both …?' and 'A and B: are both of them …?'", () => {
    expect(answer("Ash Lee and Bo Park, are they both musicians?")).toBe("yes");
    expect(answer("Ash Lee and Oak Way: are both of them musicians?")).toBe("no");
  });

  it("reads 'Did S publish books of both A and B?' as what both had done", () => {
    expect(answer("Did Elm House publish books of both Oak Way and Three Oaks?")).toBe("yes");
    expect(answer("Did Elm House publish books of both Oak Way and Bo Park?")).toBe("no");
  });
});

describe("composeBoth with counted and abbreviated words", () => {
  it("holds an ordinal that counts a thing as each passage must say it", () => {
    const a = film(
      "S1",
      "Oak Owls",
      "The Oak Owls, led by second year head coach Tom Hale, played at Oak Gym.",
    );
    const b = film(
      "S2",
      "Elm Hawks",
      "Led by fourth-year head coach Bo Renn, the Elm Hawks played at Elm Hall.",
    );
    const q = parseBoth("Were the Oak Owls and the Elm Hawks both led by a head coach in his second year?");
    expect(q?.proper).toEqual(["second"]);
    expect(q ? composeBoth(q, [a, b])?.short_answer : null).toBe("no");
  });

  it("reads an acronym as the words it stands for", () => {
    const a = film("S1", "Oak Owls", "The Oak Owls got invited to the National Invitation Tournament.");
    const b = film("S2", "Elm Hawks", "The Elm Hawks received a bid to the NIT.");
    const q = parseBoth("Were the Oak Owls and the Elm Hawks both invited to the NIT?");
    expect(q ? composeBoth(q, [a, b])?.short_answer : null).toBe("yes");
    expect(spells("got invited to the National Invitation Tournament", "nit")).toBe(true);
    expect(spells("the nation's invited team", "nit")).toBe(false);
  });
});
