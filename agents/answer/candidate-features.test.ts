import { describe, expect, it } from "vitest";
import { expectedAnswer } from "./answer-type.js";
import { lifeDateFit } from "./candidate-features.js";
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
