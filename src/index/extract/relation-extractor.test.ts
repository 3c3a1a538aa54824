import { describe, expect, it } from "vitest";
import { canonicalName } from "./canonical.js";
import { analyseText, type EntityMention } from "./entity-extractor.js";
import { factDates } from "./fact-dates.js";
import { extractRelations } from "./relation-extractor.js";

const facts = (text: string, title?: string) => {
  const topic: EntityMention | undefined = title
    ? { name: title, canonical: canonicalName(title), type: "TITLE" }
    : undefined;
  return extractRelations(analyseText(text), topic).map(
    (r) => `${r.subject.canonical} | ${r.predicate} | ${r.object.canonical}${dates(r)}`,
  );
};
const dates = (r: { valid_from?: string; valid_to?: string }) =>
  r.valid_from || r.valid_to ? ` @${r.valid_from ?? ""}..${r.valid_to ?? ""}` : "";

describe("extractRelations (English patterns)", () => {
  it("reads subject verb-phrase object, lemmatised, dated by its sentence", () => {
    expect(facts("Microsoft acquired GitHub in June 2018.")).toEqual([
      "microsoft | acquire | github @2018-06..",
    ]);
    expect(facts("From 1990 to 1995 John Smith served as mayor of Boston.")).toEqual([
      "john smith | serve as mayor of | boston @1990..1995",
    ]);
  });
  it("takes a lone inflected word between two names for the verb the tagger missed", () => {
    expect(facts("Atlanta hosts Delta Air Lines. The FAA certified Delta Air Lines.")).toEqual([
      "atlanta | host | delta air lines",
      "faa | certified | delta air lines",
    ]);
    expect(facts("Paris fashion London.")).toEqual([]);
  });
  it("reads appositions and relational copulas, carrying the subject past an apposition", () => {
    expect(facts("Steven Spielberg, the director of Jaws, was born in Cincinnati in 1946.")).toEqual([
      "steven spielberg | director of | jaws",
      "steven spielberg | born in | cincinnati @1946..",
    ]);
    expect(facts("Ermengarde of Tours (d. 20 March 851) was the daughter of Hugh of Tours.")).toEqual([
      "ermengarde of tours | died | 20 march 851",
      "ermengarde of tours | daughter of | hugh of tours",
    ]);
  });
  it("reads (born DATE) with the date as valid_from, and 'X is a Y' as a CONCEPT", () => {
    const found = extractRelations(
      analyseText("Nicki Minaj (born December 8, 1982) is a Trinidadian-born rapper."),
    );
    expect(found.map((r) => [r.predicate, r.object.canonical, r.object.type, r.valid_from])).toEqual([
      ["born", "december 8 1982", "DATE", "1982-12-08"],
      ["is a", "rapper", "CONCEPT", undefined],
    ]);
    expect(found[0]?.evidence).toBe("Nicki Minaj (born December 8, 1982) is a Trinidadian-born rapper.");
  });
  it("treats the passage title as the subject of its opening and of He/She sentences", () => {
    expect(
      facts(
        "Dance with the Devil is a 2003 American drama film directed by John Doe. She married Tom Hanks.",
        "Dance with the Devil",
      ),
    ).toEqual([
      "dance with the devil | direct by | john doe",
      "dance with the devil | is a | drama film",
      "dance with the devil | marry | tom hanks",
    ]);
  });
  it("does not take a modifier for a subject, nor link across clauses", () => {
    expect(
      facts("The American drama was filmed in Paris, and Berlin hosted the premiere."),
    ).not.toContainEqual(expect.stringMatching(/^american/));
    expect(facts("Paris, London and Rome.")).toEqual([]);
  });
  it("makes an acronym an alias of its long form, both ways round", () => {
    expect(facts("The Federal Aviation Administration (FAA) regulates civil aviation.")).toContain(
      "faa | alias of | federal aviation administration",
    );
    expect(facts("The rules come from the FAA (Federal Aviation Administration) today.")).toContain(
      "faa | alias of | federal aviation administration",
    );
  });
});

describe("extractRelations (Russian patterns)", () => {
  it("reads a verb between two names, dated by 'в 2015 году', and acronym aliases", () => {
    expect(
      facts(
        "Компания Яндекс купила ООО Ромашка в 2015 году. Центральный банк Российской Федерации (ЦБ РФ) повысил ставку.",
      ),
    ).toEqual([
      "яндекс | купила | ооо ромашка @2015..",
      "цб рф | alias of | центральныи банк россиискои федерации",
    ]);
  });
  it("reads dash copulas and appositions", () => {
    expect(
      facts("Вчера Иван Петров, генеральный директор Ромашки, выступил. Город Казань — столица Татарстана."),
    ).toEqual(["иван петров | генеральный директор | ромашки", "казань | столица | татарстана"]);
  });
});

describe("factDates", () => {
  it("reads ranges, ends and starts, never a year it had to assume", () => {
    expect(factDates("He ruled from 1990 to 1995.", "en")).toEqual({ valid_from: "1990", valid_to: "1995" });
    expect(factDates("She led it until 2001.", "en")).toEqual({ valid_to: "2001" });
    expect(factDates("It was signed on 3 May 2004.", "en")).toEqual({ valid_from: "2004-05-03" });
    expect(factDates("It was signed on 3 May.", "en")).toEqual({});
    expect(factDates("He lives there now.", "en")).toEqual({});
    expect(factDates("С 2010 года по 2015 год он руководил банком.", "ru")).toEqual({
      valid_from: "2010",
      valid_to: "2015",
    });
    expect(factDates("Компания основана 1 марта 2020 года.", "ru")).toEqual({ valid_from: "2020-03-01" });
  });
});
