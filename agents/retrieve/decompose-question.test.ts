import { describe, expect, it } from "vitest";
import { decomposeQuestion } from "./decompose-question.js";

const hops = (q: string) => decomposeQuestion(q)?.hops ?? null;

describe("decomposeQuestion", () => {
  it("asks the innermost description first and leaves a slot for its answer", () => {
    expect(hops("Where was the director of film The Private Life Of Cinema born?")).toEqual([
      "Who is the director of film The Private Life Of Cinema?",
      "Where was #1 born?",
    ]);
    expect(hops("What is the place of birth of the performer of song Changed It?")).toEqual([
      "Who is the performer of song Changed It?",
      "What is the place of birth of #1?",
    ]);
  });

  it("reads a question opening on 'this' and a noun as one opening on 'the'", () => {
    expect(hops("This singer of Elm Song also voiced what fox?")).toEqual([
      "Who is the singer of Elm Song?",
      "#1 also voiced what fox?",
    ]);
    expect(hops("This is the song by Ann Vale?")).toBeNull();
  });

  it("keeps a title joined by another language's 'and' whole", () => {
    expect(hops("What piece by the composer of Lise und Lorenz is still played?")).toEqual([
      "Who is the composer of Lise und Lorenz?",
      "What piece by #1 is still played?",
    ]);
  });

  it("reads possessives, keeping a two-word relation only when it is one", () => {
    expect(hops("When did Lothair Ii's mother die?")).toEqual([
      "Who is Lothair Ii's mother?",
      "When did #1 die?",
    ]);
    expect(hops("Where was the place of death of Maurice, Prince Of Orange's father?")).toEqual([
      "Who is Maurice, Prince Of Orange's father?",
      "Where was the place of death of #1?",
    ]);
  });

  it("turns relative clauses into sub-questions and nests up to three hops", () => {
    expect(
      hops("Who was the first president of the association which published Journal of Harbour Integration?"),
    ).toEqual([
      "Which association published Journal of Harbour Integration?",
      "Who was the first president of #1?",
    ]);
    expect(hops("Who was in charge of the country where the composer of Lindenhofer was a citizen?")).toEqual(
      [
        "Who is the composer of Lindenhofer?",
        "Which country where #1 was a citizen?",
        "Who was in charge of #2?",
      ],
    );
  });

  it("splits a comparison of two named things into one sub-question each", () => {
    const plan = decomposeQuestion("Which film came out first, 3 Dots or Dying God?");
    expect(plan?.kind).toBe("parallel");
    expect(plan?.hops).toEqual(["Which film came out first 3 Dots", "Which film came out first Dying God"]);
    expect(
      decomposeQuestion("Are Marufabad and Nasamkhrali both located in the same country?")?.hops,
    ).toEqual(["Are located in the same country Marufabad", "Are located in the same country Nasamkhrali"]);
    // A title ending in "!" is still one name; the question's own "?" is not part of the other.
    expect(
      decomposeQuestion("Which film has the director who died later, Love, Honor And Oh-Baby! or Dark Road?")
        ?.hops,
    ).toEqual([
      "Who is the director of Love, Honor And Oh-Baby!?",
      "Who is the director of Dark Road?",
      "#1 who died later",
      "#2 who died later",
    ]);
  });

  it("reaches kin through the relative between: a grandmother is a parent's mother", () => {
    expect(hops("Who is Gothelo I, Duke Of Lorraine's paternal grandmother?")).toEqual([
      "Who is Gothelo I, Duke Of Lorraine's father?",
      "Who is #1's mother?",
    ]);
    expect(hops("Who is the mother-in-law of Louise Of Mecklenburg-Güstrow?")).toEqual([
      "Who is Louise Of Mecklenburg-Güstrow's spouse?",
      "Who is #1's mother?",
    ]);
    expect(hops("Who is Sibyl Hathaway's child-in-law?")).toEqual([
      "Who is Sibyl Hathaway's child?",
      "Who is #1's spouse?",
    ]);
  });

  it("keeps a title joined by a dash whole when comparing", () => {
    expect(
      hops(
        "Which film has the director who was born later, First Day Of Freedom or Malabimba – The Malicious Whore?",
      ),
    ).toEqual([
      "Who is the director of First Day Of Freedom?",
      "Who is the director of Malabimba – The Malicious Whore?",
      "#1 who was born later",
      "#2 who was born later",
    ]);
  });

  it("compares two names by a role: each one's role holder first, then what is compared", () => {
    expect(
      hops("Are both directors of films Target Zero and Midnight Court (Film) from the same country?"),
    ).toEqual([
      "Who is the director of Target Zero?",
      "Who is the director of Midnight Court (Film)?",
      "#1 from the same country",
      "#2 from the same country",
    ]);
  });

  it("reads a place named by a clause, a participle or a possessive's own of-phrase", () => {
    // A relative clause without its pronoun, ending in its preposition.
    expect(hops("Who governed the country Lowmarsh is located in?")).toEqual([
      "Which country Lowmarsh is located in?",
      "Who governed #1?",
    ]);
    // "the country that …" is a bridge: only "the country of X" names X itself.
    expect(hops("When was the country that exported Redwing Tea annexed?")).toEqual([
      "Which country exported Redwing Tea?",
      "When was #1 annexed?",
    ]);
    expect(hops("When did the country containing Westbury join the union?")).toEqual([
      "Which country containing Westbury?",
      "When did #1 join the union?",
    ]);
    // A relation a passage states with a verb is asked with it ("born … in Y").
    expect(hops("What is the largest park in Ann Moray's city of birth?")).toEqual([
      "Where was Ann Moray born?",
      "What is the largest park in #1?",
    ]);
    expect(hops("Who coached Ray Dunne's team in its first season?")?.[0]).toBe(
      "Which team did Ray Dunne play for?",
    );
    expect(hops("When was Ida Kent's alma mater founded?")?.[0]).toBe("Where did Ida Kent study?");
    // "is part of": a relation noun with its preposition ends the clause, not the "is".
    expect(hops("What year did the company Skyline Freight is part of close?")).toEqual([
      "Which company Skyline Freight is part of?",
      "What year did #1 close?",
    ]);
    // A participle after the clause is the outer question's ("… is located named after").
    expect(hops("What is the state where Oak Bend is located named after?")).toEqual([
      "Which state where Oak Bend is located?",
      "What is #1 named after?",
    ]);
    // An appositive inside the clause is no hop of its own; the clause still is.
    expect(hops("When did the country where the village of Tarn is located join the league?")?.[0]).toBe(
      "Which country where the village of Tarn is located?",
    );
    // "during" ends in -ing but is no participle; a name followed by a past form with nothing
    // left of the question is the name itself ("the band Queen formed": "When was #1?").
    expect(hops("Who led the country during Operation Tide?")).toBeNull();
    expect(hops("When was the band Northway formed?")).toBeNull();
  });

  it("reads a long comma list of names (one way to match each comma)", () => {
    // Two ways to match ", " made 24 names take seconds and 40 names hours: this would never end.
    const names = Array.from({ length: 40 }, (_, i) => `Northland${i}`).join(", ");
    expect(decomposeQuestion(`Which of ${names} had the highest tax in 2020?`)).toBeNull();
    expect(hops(`Who governed the country ${names} is located in?`)?.at(-1)).toBe("Who governed #1?");
  });

  it("leaves one-hop questions whole: values of a thing, appositives, years, the description alone", () => {
    for (const q of [
      "What total goodwill was on Acme's balance sheet at December 31, 2021?",
      "What was the Delivery Take Rate in the fourth quarter of 2021?",
      "When did the village of Clonbrook get its name?",
      "Across 2019, 2020 and 2021, in which year did spending peak?",
      "Who is the wife of Kim Jong-chul?",
      "Which flag sets the maximum gas amount when I run an entry function?",
      "How do I install the CLI?",
    ])
      expect(decomposeQuestion(q), q).toBeNull();
  });

  it("asks first for a place or group described by a clause that names nothing", () => {
    expect(hops("When did the state whose official bird is the heron join the union?")).toEqual([
      "Which state whose official bird is the heron?",
      "When did #1 join the union?",
    ]);
    expect(hops("What is the name of the northern tip of the continent where most tea grows?")).toEqual([
      "Which continent where most tea grows?",
      "What is the name of the northern tip of #1?",
    ]);
    expect(hops("What is the highest peak of the country with the largest forest cover?")).toEqual([
      "Which country has the largest forest cover?",
      "What is the highest peak of #1?",
    ]);
    // The outer question's own verb after the clause stays outside it.
    expect(hops("What part of the state where lone riders is set are the flatlands?")).toEqual([
      "Which state where lone riders is set?",
      "What part of #1 are the flatlands?",
    ]);
    // A value described by a clause ("the segment with the highest margin") is no hop; nor is
    // "with" before a mere attribute.
    expect(hops("What was the revenue of the segment with the highest margin?")).toBeNull();
    expect(hops("What is the capital of the country with a red flag?")).toBeNull();
  });

  it("asks first for a work described by a clause, but takes no nationality for a name", () => {
    expect(hops("Who is the producer of the film that has a score composed by Del Varga?")).toEqual([
      "Which film has a score composed by Del Varga?",
      "Who is the producer of #1?",
    ]);
    expect(hops("What is the genre of the song that Ida Marsh recorded in 1990?")).toEqual([
      "Which song Ida Marsh recorded in 1990?",
      "What is the genre of #1?",
    ]);
    expect(
      hops("Lantern Days is the debut album of a Norlandish boy group that was formed by who?"),
    ).toBeNull();
  });

  it("reads a work's name before a person's role as that work's person", () => {
    expect(hops("Who played the Night Lanterns singer in Harbor Nights?")).toEqual([
      "Who is the singer of Night Lanterns?",
      "Who played #1 in Harbor Nights?",
    ]);
    // A role that is also a verb ("star in a film"), a plural, or a nationality before it is no hop.
    expect(hops('In what city did the "Harbor Nights" star in a film about Ida Marsh?')).toBeNull();
    expect(hops("When was the Norlandish author born?")).toBeNull();
  });

  it("keeps a nameless clause to its own words and a real superlative", () => {
    // A clause ending on its "is" takes the word after it.
    expect(hops("When did the state whose official sport is fencing join the union?")).toEqual([
      "Which state whose official sport is fencing?",
      "When did #1 join the union?",
    ]);
    // A clause about a value before it ("the revenue that Acme reported") does not hide it.
    expect(hops("What is the revenue that Acme reported for the region where most tea grows?")).toEqual([
      "Which region where most tea grows?",
      "What is the revenue that Acme reported for #1?",
    ]);
    expect(hops("Which river flows through the state with the west coast?")).toBeNull();
  });

  it("takes no ordinal, year, plural or nationality for a premodified role", () => {
    expect(hops("When was the Blue Harbour actress born?")).toEqual([
      "Who is the actress of Blue Harbour?",
      "When was #1 born?",
    ]);
    expect(hops("Who was the 16th president of Norland?")).toBeNull();
    expect(hops("Where did the Harbor Nights singers meet?")).toBeNull();
    expect(hops("When was the Welsh singer born?")).toBeNull();
  });

  it("keeps a work's name that ends like a nationality, and no verb-like work noun bridges", () => {
    expect(hops("When was the director of film Atlantic born?")).toEqual([
      "Who is the director of film Atlantic?",
      "When was #1 born?",
    ]);
    expect(hops("Does Acme's report show a loss?")).toBeNull();
    expect(hops("What is the interest rate on the series of 2025 Notes?")).toBeNull();
  });
});

describe("decomposeQuestion, more ways to describe a thing", () => {
  it("asks a relation of a slot ('the country of #1'), where 'the city of X' names X itself", () => {
    expect(hops("When did the country of Elm Vale's performer invade Norland?")).toEqual([
      "Who is Elm Vale's performer?",
      "Which country is #1 from?",
      "When did #2 invade Norland?",
    ]);
    expect(hops("What is the population of the city of Elmton?")).toBeNull();
  });

  it("reads a clause opened by a preposition and 'which', but not an asking 'which'", () => {
    expect(hops("When did the park at which Tivarno Tower is located open?")).toEqual([
      "Which park at which Tivarno Tower is located?",
      "When did #1 open?",
    ]);
    expect(hops("Rob Vane was the intelligence officer under which former Governor of Westmark?")).toBeNull();
  });

  it("reads a present verb with its preposition, and a past participle with its agent", () => {
    expect(hops("What league does the team Ollie Marsh plays for play in?")).toEqual([
      "Which team Ollie Marsh plays for?",
      "What league does #1 play in?",
    ]);
    expect(hops("Who produced the film written by Carl Dorne?")).toEqual([
      "Which film was written by Carl Dorne?",
      "Who produced #1?",
    ]);
  });

  it("knows offices, characters and broadcasters as things with passages of their own", () => {
    expect(hops("What party does the mayor of Kellport belong to?")).toEqual([
      "Who is the mayor of Kellport?",
      "What party does #1 belong to?",
    ]);
    expect(hops("What company owns the network that aired The Tall Grass?")).toEqual([
      "Which network aired The Tall Grass?",
      "What company owns #1?",
    ]);
    // A company's own network is a figure of its report, not a hop.
    expect(hops("Roughly how many cities did Elmco's network cover at the start of 2022?")).toBeNull();
  });
  it("reads events, awards and bodies of water described by a clause, not 'the Battle of X'", () => {
    expect(
      hops("What is the mouth of the watercourse for the body of water where Elm Bridge is located?"),
    ).toEqual([
      "Which body of water where Elm Bridge is located?",
      "What is the mouth of the watercourse for #1?",
    ]);
    expect(hops("Who won the war that Jan Kessel fought in?")).toEqual([
      "Which war Jan Kessel fought in?",
      "Who won #1?",
    ]);
    expect(hops("Who won the Battle of Elmford Ridge?")).toBeNull();
  });
  it("knows bodies of a state, built things and nations described by a clause", () => {
    expect(hops("Who heads the department that oversees the Norbeck Agency?")).toEqual([
      "Which department oversees the Norbeck Agency?",
      "Who heads #1?",
    ]);
    expect(hops("When did the railway that serves Tamsin Junction open?")).toEqual([
      "Which railway serves Tamsin Junction?",
      "When did #1 open?",
    ]);
    expect(hops("What is the official language of the nation that colonized the Kessel Islands?")).toEqual([
      "Which nation colonized the Kessel Islands?",
      "What is the official language of #1?",
    ]);
    expect(hops("In what year was the sponsor of the Varn Cup founded?")).toEqual([
      "What is the sponsor of the Varn Cup?",
      "In what year was #1 founded?",
    ]);
    // "the nation of X" names X itself.
    expect(hops("What is the capital of the nation of Orlavia?")).toBeNull();
  });

  it("leaves a 'When was …' question's closing participle to the outer question", () => {
    expect(hops("When was the newspaper that published Letters from Ashby founded?")).toEqual([
      "Which newspaper published Letters from Ashby?",
      "When was #1 founded?",
    ]);
    expect(hops("What year was the man who invented the Rook engine born?")).toEqual([
      "Who invented the Rook engine?",
      "What year was #1 born?",
    ]);
    // "where X is found" ends on its own participle.
    expect(hops("What is the name of the lake in the country where the Orva River is found?")).toEqual([
      "Which country where the Orva River is found?",
      "What is the name of the lake in #1?",
    ]);
  });

  it("reads kin after a work's role as kin of the role holder ('the director of X's father')", () => {
    expect(hops("In which year did the director of Ember Road's father die?")).toEqual([
      "Who is the director of Ember Road?",
      "Who is #1's father?",
      "In which year did #2 die?",
    ]);
    // Kin of kin stays as it reads: the spouse of (Ada Venn's father).
    expect(hops("Who is the spouse of Ada Venn's father?")?.[0]).toBe("Who is Ada Venn's father?");
    // A possessive further on is its own description, not the role holder's: the innermost
    // description (the one starting last) is read in the same pass.
    expect(
      hops("Where was the director of Ember Road born, and where was Ada Venn's father born?")?.[0],
    ).toBe("Who is Ada Venn's father?");
  });

  it("ends an object at a preposition unless a name follows it", () => {
    expect(
      hops("What position does the player who scored the winning goal in the Harlow Final play?"),
    ).toEqual(["Who scored the winning goal in the Harlow Final?", "What position does #1 play?"]);
  });

  it("reads a relation's own of-phrase, 'of the' before a thing, a present verb's preposition, a stranded preposition", () => {
    expect(hops("Who is the head of the country of citizenship of Mira Kellan?")).toEqual([
      "Which country is Mira Kellan from?",
      "Who is the head of #1?",
    ]);
    expect(hops("What is the largest city in the state of the Orrin Dam?")).toEqual([
      "What is the state of the Orrin Dam?",
      "What is the largest city in #1?",
    ]);
    // "the state of Colora" still names the state itself.
    expect(hops("What is the largest city in the state of Colora?")).toBeNull();
    expect(hops("Who is the mayor of the city Brenna Holt lives in?")).toEqual([
      "Which city Brenna Holt lives in?",
      "Who is the mayor of #1?",
    ]);
    expect(hops("What year did the team Luca Brant played for win the league?")).toEqual([
      "Which team Luca Brant played for?",
      "What year did #1 win the league?",
    ]);
  });

  it("stops when what is left asks the slot itself, contracted too ('What's #2?')", () => {
    expect(hops("What's the capital of the country where the Ossa Falls are?")).toEqual([
      "Which country where the Ossa Falls are?",
      "What's the capital of #1?",
    ]);
  });

  it("reads 'in which' as a clause only before the clause's subject, a slot included", () => {
    expect(hops("Tom Elm was the mayor in which former capital of Colora?")).toBeNull();
    expect(
      hops("When did the country in which the performer of Elm Rain is a citizen join the union?"),
    ).toEqual([
      "Who is the performer of Elm Rain?",
      "Which country in which #1 is a citizen?",
      "When did #2 join the union?",
    ]);
  });

  it("knows the nationality words of the table, not only their usual endings", () => {
    expect(hops("Where was the president of a Pakistani shipping firm born?")).toBeNull();
  });
});
