import { describe, expect, it } from "vitest";
import { ownPassages, readPersonFact } from "./read-person-fact.js";
import { evidence } from "./test-evidence.js";

const page = (sid: string, title: string, text: string) =>
  evidence(sid, text, { title: "corpus", heading_path: [title] });

const read = (q: string, ...ev: ReturnType<typeof page>[]) => readPersonFact(q, ev)?.answer ?? null;

describe("readPersonFact", () => {
  const lin = page(
    "S1",
    "Lin Oro",
    "Lin Oro (6 April 1920 in Vell Harbor, Tosca – 19 December 1997 in Amberly, Ruland) was a Ruvian painter. " +
      "He was the second son of Emperor Ado Oro and Bea of Kell. He was married to the Ruvian actress Mira Sol. " +
      "He was educated at Corvin College. He later taught painting at Ostia Academy. He died of tuberculosis in 1997.",
  );

  it("reads kin from 'son of A and B' and drops the title before a name", () => {
    expect(read("Who is Lin Oro's father?", lin)).toBe("Ado Oro");
    expect(read("Who is Lin Oro's mother?", lin)).toBe("Bea of Kell");
  });

  it("reads the kin as the name ending the phrase, past names that only describe it", () => {
    const p = page(
      "S3",
      "Kas Mel",
      "Kas Mel (born 5 November 1986) is a goalkeeper. He is the son of former Varo City and Ruvian international goalkeeper Pet Mel.",
    );
    expect(read("Who is the father of Kas Mel?", p)).toBe("Pet Mel");
    const q = page(
      "S4",
      "Ana Lu",
      "Ana Lu is a singer. She is the daughter of Torr Records founder Ben Lu and his wife Ida.",
    );
    expect(read("Who is the father of Ana Lu?", q)).toBe("Ben Lu");
  });

  it("skips a nationality word before the spouse's name", () => {
    expect(read("Who is the spouse of Lin Oro?", lin)).toBe("Mira Sol");
  });

  it("reads places from the opening parenthesis with their region", () => {
    expect(read("Where was Lin Oro born?", lin)).toBe("Vell Harbor, Tosca");
    expect(read("What is the place of death of Lin Oro?", lin)).toBe("Amberly, Ruland");
  });

  it("reads places given before the dates: '(Gotha, 9 July 1566 – Eisenach, 1638)'", () => {
    const p = page("S2", "Jon Ern", "Jon Ern (Tavia, 9 July 1566 – Orsk, 23 October 1638) was a duke.");
    expect(read("Where was Jon Ern born?", p)).toBe("Tavia");
    expect(read("Where did Jon Ern die?", p)).toBe("Orsk");
  });

  it("reads dates, not a place, from '(October 18, 1926 – March 18, 2017)'", () => {
    const p = page("S2", "Cal Berr", "Cal Berr (October 18, 1926 – March 18, 2017) was a singer.");
    expect(read("Where was Cal Berr born?", p)).toBeNull();
    expect(read("When did Cal Berr die?", p)).toBe("March 18, 2017");
    expect(read("What is the date of birth of Cal Berr?", p)).toBe("October 18, 1926");
  });

  it("reads the cause of death, nationality, school and employer", () => {
    expect(read("Why did Lin Oro die?", lin)).toBe("tuberculosis");
    expect(read("What nationality is Lin Oro?", lin)).toBe("Ruvian");
    expect(read("Where did Lin Oro study?", lin)).toBe("Corvin College");
    expect(read("Where does Lin Oro work at?", lin)).toBe("Ostia Academy");
  });

  it("a name ends at a full stop unless it is an initial", () => {
    const p = page("S3", "Gale Point", "Gale Point is a film directed by Leo Fong. It stars Al Tam.");
    expect(read("Who is the director of film Gale Point?", p)).toBe("Leo Fong");
    const q = page("S3", "Gale Point", "Gale Point is a film directed by Albert S. Rogell.");
    expect(read("Who is the director of film Gale Point?", q)).toBe("Albert S. Rogell");
  });

  it("a maker may follow a short description set off by a comma", () => {
    const p = page(
      "S5",
      "Gem of the Vale",
      "Gem of the Vale is a 1985 comedy directed by Lew Tang and produced by one of its stars, Mika Dale.",
    );
    expect(read("Who is the producer of Gem of the Vale?", p)).toBe("Mika Dale");
    expect(read("Who is the director of Gem of the Vale?", p)).toBe("Lew Tang");
    // A description that goes on in lowercase names no one.
    const q = page(
      "S6",
      "Red Vale",
      "Red Vale is a 1990 film directed by the studio, with Bo Lin in the lead.",
    );
    expect(read("Who is the director of Red Vale?", q)).toBeNull();
  });

  it("a work's maker is not read from a sentence about another work", () => {
    const p = page(
      "S4",
      "Blue Arc",
      "Blue Arc is a 1954 drama film, edited by Eda Carl. A 1955 remake, Red Arc, was directed by Gab Axe.",
    );
    expect(read("Who is the director of film Blue Arc?", p)).toBeNull();
  });

  it("a performer is the one the song is 'performed by', not its writer", () => {
    const p = page(
      "S5",
      "Blue Arc",
      '"Blue Arc" is a song written by singer-songwriter Kay Kris, originally performed by Rog Mill.',
    );
    expect(read("Who is the performer of song Blue Arc?", p)).toBe("Rog Mill");
  });

  it("reads only the subject's own passage", () => {
    const other = page("S6", "Kel Vasta", "Kel Vasta was the son of Ado Oro.");
    expect(read("Who is Lin Oro's father?", other)).toBeNull();
    expect(ownPassages([lin, other], "lin oro").map((e) => e.sid)).toEqual(["S1"]);
  });

  it("reads a death date from '(d. 20 March 851)' though 'd.' looks like a sentence end", () => {
    const p = page("S7", "Erma of Tor", "Erma of Tor (d. 20 March 851) was the daughter of Hugo of Tor.");
    expect(read("When did Erma of Tor die?", p)).toBe("20 March 851");
  });

  it("a title alone ('the Earl of Porth') is no father; the holder named later is", () => {
    const p = page(
      "S8",
      "Cole Wall",
      "Cole Wall was a member. The younger son of the Earl of Porth, he sat briefly. He was the third son of Jon Wall, 2nd Earl of Porth.",
    );
    expect(read("Who is Cole Wall's father?", p)).toBe("Jon Wall, 2nd Earl of Porth");
  });

  it("a queen consort of a country is not married to it", () => {
    const p = page(
      "S9",
      "Sira Koss",
      "Sira Koss was the Queen consort of Kambia by marriage to King Noro Sura from 1955 to 1960.",
    );
    expect(read("Who is Sira Koss's spouse?", p)).toBe("Noro Sura");
  });

  it("reads 'Born in A', 'his mother is B' and a violent death's place", () => {
    const p = page(
      "S10",
      "Wil Sil",
      "Wil Sil (1533 – 1584) was a prince. Born in Dillen, he ruled Holl. His mother is Julia of Stol. " +
        'He was assassinated by Bal Ger (also written as "Gerts") in Delt in 1584.',
    );
    expect(read("Where was Wil Sil born?", p)).toBe("Dillen");
    expect(read("Who is Wil Sil's mother?", p)).toBe("Julia of Stol");
    expect(read("Where did Wil Sil die?", p)).toBe("Delt");
  });
});
