import { describe, expect, it } from "vitest";
import { expectedAnswer } from "./answer-type.js";
import {
  lifeDateFit,
  namedByTerm,
  notAName,
  phraseNamed,
  relationFit,
  statedYearFit,
  trailingRelation,
  unitFit,
} from "./candidate-features.js";
import { questionCues } from "./question-cues.js";

const life = "Frank Lloyd (2 February 1886 – 10 August 1960) was a film director.";
const lifeFit = (question: string, span: string) =>
  lifeDateFit(life, life.indexOf(span), span, questionCues(question, expectedAnswer(question)));

describe("lifeDateFit", () => {
  it("takes the date after the dash for a death, the one before it for a birth", () => {
    expect(lifeFit("What is the date of death of Frank Lloyd?", "10 August 1960")).toBeGreaterThan(0);
    expect(lifeFit("What is the date of death of Frank Lloyd?", "2 February 1886")).toBeLessThan(0);
    expect(lifeFit("When was Frank Lloyd born?", "2 February 1886")).toBeGreaterThan(0);
    expect(lifeFit("When was Frank Lloyd born?", "10 August 1960")).toBeLessThan(0);
  });
  it("says nothing when the question asks neither", () => {
    expect(lifeFit("When was the film released?", "2 February 1886")).toBe(0);
  });
});

describe("unitFit", () => {
  const cues = (question: string) => questionCues(question, expectedAnswer(question));
  it("favours the counted noun the question names and disfavours another counted thing", () => {
    const q = cues("How many cycles does a bytecode take?");
    expect(unitFit("9 cycles", q)).toBeGreaterThan(0);
    expect(unitFit("two offices", q)).toBeLessThan(0);
  });
  it("leaves a unit of measure neutral: it measures what is asked", () => {
    const q = cues("How much office space did the company lease?");
    expect(unitFit("10.6 million square", q)).toBe(0);
    expect(unitFit("40 hours", q)).toBe(0);
    expect(unitFit("two buildings", q)).toBeLessThan(0);
  });
  it("disfavours a unit of measure when the question counts things", () => {
    const q = cues("The lake is in a county with a population of how many inhabitants?");
    expect(unitFit("232 square", q)).toBeLessThan(0);
    expect(unitFit("40 hours", cues("How many hours does the flight take?"))).toBeGreaterThan(0);
    expect(unitFit("12 miles", cues("How many years did the line take to build?"))).toBe(0);
  });
});

describe("lifeDateFit on places", () => {
  const text = "Ann Roe (May 2, 1901 Port Verde, Ohio – June 3, 1988 Salt Harbor, Maine) was a director.";
  const placeFit = (question: string, span: string) =>
    lifeDateFit(text, text.indexOf(span), span, questionCues(question, expectedAnswer(question)));
  it("takes the place before the dash for a birth, the one after it for a death", () => {
    expect(placeFit("Where was Ann Roe born?", "Port Verde")).toBeGreaterThan(0);
    expect(placeFit("Where was Ann Roe born?", "Salt Harbor")).toBeLessThan(0);
    expect(placeFit("Where did Ann Roe die?", "Salt Harbor")).toBeGreaterThan(0);
    expect(placeFit("Where did Ann Roe die?", "Port Verde")).toBeLessThan(0);
  });
  it("says nothing outside a life's parenthesis", () => {
    const plain = "Ann Roe worked in Port Verde and Salt Harbor.";
    const q = questionCues("Where was Ann Roe born?", expectedAnswer("Where was Ann Roe born?"));
    expect(lifeDateFit(plain, plain.indexOf("Salt Harbor"), "Salt Harbor", q)).toBe(0);
  });
});

describe("relationFit", () => {
  const q = (question: string) => questionCues(question, expectedAnswer(question));
  const text =
    'Bo Lin (born 1950) is a journalist, the co-founder of "The Ledger", and works at Norland Press.';
  it("favours the span right after the relation the question ends on", () => {
    const cues = q("Bo Lin was the co-founder of what media outlet?");
    expect(relationFit(text, text.indexOf("The Ledger"), cues)).toBeGreaterThan(0.05);
    expect(relationFit(text, text.indexOf("Norland Press"), cues)).toBeLessThan(0.05);
  });
  it("reads past a quote opening the name", () => {
    const t = 'He was the co-founder of "The Ledger", a daily.';
    const cues = q("Bo Lin was the co-founder of what media outlet?");
    expect(relationFit(t, t.indexOf("Ledger"), cues)).toBeGreaterThan(0.05);
  });
  it("reads the relation and its preposition before a trailing wh-word", () => {
    expect(trailingRelation("a boy group that was formed by who?")).toEqual({ terms: ["form"], prep: "by" });
    expect(trailingRelation("who formed the group?")).toBeNull();
  });
});

describe("namedByTerm", () => {
  it("reads a bare number right after the asked term as that term's value", () => {
    const cues = questionCues(
      "What was the population of Oak Vale?",
      expectedAnswer("What was the population of Oak Vale?"),
    );
    const t = "Oak Vale had a population of 21,730 in 2001 and 12 schools.";
    expect(namedByTerm(t, t.indexOf("21,730"), cues)).toBe(true);
    expect(namedByTerm(t, t.indexOf("12"), cues)).toBe(false);
  });
});

describe("phraseNamed", () => {
  const q = "What is the initial conversion price of the notes?";
  const cues = questionCues(q, expectedAnswer(q));
  const at = (text: string, span: string) => phraseNamed(text, text.indexOf(span), "money", cues);
  it("rewards a value right after two or more of the question's words", () => {
    expect(at("It equals an initial conversion price of approximately $80.84 per share.", "$80.84")).toBe(
      0.05,
    );
    expect(at("The conversion price: $80.84.", "$80.84")).toBe(0.05);
  });
  it("not one word alone, another phrase, or a name", () => {
    expect(at("The price of $1,000 per note.", "$1,000")).toBe(0);
    expect(at("The principal amount of $1,000 per note.", "$1,000")).toBe(0);
    const s = "The conversion price register ACME holds it.";
    expect(phraseNamed(s, s.indexOf("ACME"), "organisation", cues)).toBe(0);
  });
});

describe("statedYearFit", () => {
  const census =
    "The borough had 48,200 people at the 2015 estimates, while the town had 21,730 at the 2001 census.";
  const q = "According to the 2001 census, what was the population of Elmton?";
  const yearFit = (span: string) =>
    statedYearFit(census, census.indexOf(span), span, questionCues(q, expectedAnswer(q)));
  it("takes the value in the clause stating the question's year, not one stating another year", () => {
    expect(yearFit("21,730")).toBeGreaterThan(0);
    expect(yearFit("48,200")).toBeLessThan(0);
  });
  it("says nothing when the question states no year", () => {
    const plain = "What was the population of Elmton?";
    expect(
      statedYearFit(census, census.indexOf("21,730"), "21,730", questionCues(plain, expectedAnswer(plain))),
    ).toBe(0);
  });
});

describe("notAName", () => {
  const q = questionCues("Who chaired the Elm Committee?", expectedAnswer("Who chaired the Elm Committee?"));
  const person = (span: string) => ({
    sid: "S1",
    rank: 0,
    heading: "",
    span,
    type: "person" as const,
    context: `It was chaired by ${span}.`,
    quote: `It was chaired by ${span}.`,
    at: 18,
  });
  it("takes most off an institution's name, a little off a name not written as a person's", () => {
    expect(notAName(person("Ann Vale"), q)).toBe(0);
    expect(notAName(person("Vale"), q)).toBeGreaterThan(0);
    expect(notAName(person("Oak Valley Fund"), q)).toBeGreaterThan(notAName(person("Vale"), q));
  });
});
