import { describe, expect, it } from "vitest";
import { composeChoice, firstDate, lastLifeDate, parseChoice } from "./compose-choice.js";
import { composeBoth, composeSame, parseBoth, parseSame, placeOf } from "./compose-yes-no.js";
import { evidence } from "./test-evidence.js";

const film = (sid: string, title: string, text: string) =>
  evidence(sid, text, { title, heading_path: [title] });

describe("parseChoice", () => {
  it("reads the two options, the direction and the role the comparison goes through", () => {
    expect(parseChoice("Which film was released first, Alpha Road or Beta Lane?")).toEqual({
      options: ["Alpha Road", "Beta Lane"],
      want: "min",
      role: null,
      death: false,
    });
    expect(parseChoice("Who was born later out of Ann Lee and Bo Chen?")?.want).toBe("max");
    expect(parseChoice("Which film has the director who is older, Alpha Road or Beta Lane?")?.role).toBe(
      "director",
    );
    expect(parseChoice("What is the capital of France?")).toBeNull();
  });
});

describe("composeChoice", () => {
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
    expect(placeOf("Ann Lee was an American film director.")).toBe("american");
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
    const q = parseBoth("Are Waste Land and Shikashika both types of drinks?");
    expect(q).toEqual({ options: ["Waste Land", "Shikashika"], predicate: ["drink"] });
    const ev = [
      film("S1", "Shikashika", "Shikashika is a shaved ice drink made from glacier ice."),
      film("S2", "Waste Land", "Waste Land is a 2010 documentary film."),
      film("S3", "Chicha", "Chicha is a fermented drink of the Andes."),
    ];
    expect(q && composeBoth(q, ev)?.short_answer).toBe("no");
    expect(composeBoth({ options: ["Shikashika", "Chicha"], predicate: ["drink"] }, ev)?.short_answer).toBe(
      "yes",
    );
    expect(parseBoth("Are the two towns in the same country?")).toBeNull();
  });
});
