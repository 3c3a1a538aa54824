import { describe, expect, it } from "vitest";
import { shortSpan } from "./short-span.js";

describe("shortSpan", () => {
  it("answers a person asked with the name, not the title or office before it", () => {
    expect(shortSpan("Elmland President Jo Vale", "Who opened the bridge?", "person")).toBe("Jo Vale");
    expect(shortSpan("Sir Al Roe", "Which manager signed him?", "person")).toBe("Al Roe");
    // A title is kept where the rest is no person's name, or no person is asked.
    expect(shortSpan("General Motors", "Who made the car?", "person")).toBe("General Motors");
    expect(shortSpan("President Jo Vale Park", "Which park opened first?", "place")).toBe(
      "President Jo Vale Park",
    );
  });
  it("drops a bracket the span opens and never closes", () => {
    expect(shortSpan("(3,677 seated")).toBe("3,677 seated");
    expect(shortSpan("(20%")).toBe("20%");
  });
  it("keeps a closed bracket (a negative amount) and any other span", () => {
    expect(shortSpan("(1,234)")).toBe("(1,234)");
    expect(shortSpan("230 tournaments")).toBe("230 tournaments");
    expect(shortSpan(null)).toBeNull();
  });
  it("answers 'how many X' with the bare count, not the question's own noun", () => {
    expect(shortSpan("250 million copies", "How many copies of it sold?")).toBe("250 million");
    expect(shortSpan("230 tournaments", "He has won how many tournaments worldwide?")).toBe("230");
    expect(shortSpan("12 cities", "In how many cities does it run?")).toBe("12");
  });
  it("keeps a noun the question did not count, and a hedged count's noun", () => {
    expect(shortSpan("40 tonnes", "How many cranes are there?")).toBe("40 tonnes");
    expect(shortSpan("more than 70 countries", "In how many countries?")).toBe("more than 70 countries");
    expect(shortSpan("3,677 seated", "How many people can it hold?")).toBe("3,677 seated");
  });
  it("answers a question for part of a name with that part", () => {
    expect(shortSpan("Ida Ann Marsh", "What is the middle name of Ida Marsh?")).toBe("Ann");
    expect(shortSpan("Tomas Lind", "What was Mr. Lind's first name?")).toBe("Tomas");
    expect(shortSpan("Ann Roe", "What is the surname of the mayor?")).toBe("Roe");
    expect(shortSpan("Tam Orrin King Jr.", "What is the last name of the pastor?")).toBe("King");
    expect(shortSpan("Ida Marsh", "What is the middle name of Ida Marsh?")).toBe("Ida Marsh");
    expect(shortSpan("the mayor Ann Roe", "What is her first name?")).toBe("the mayor Ann Roe");
    expect(shortSpan("Ida Ann Marsh", "Who plays Mira?")).toBe("Ida Ann Marsh");
    // A name part the question states, not asks for.
    expect(shortSpan("Ida Ann Marsh", "Who married the director whose first name is Tomas?")).toBe(
      "Ida Ann Marsh",
    );
    expect(shortSpan("New Westhaven", "What was the first name given to Port Vell?")).toBe("New Westhaven");
  });
});
