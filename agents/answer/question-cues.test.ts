import { describe, expect, it } from "vitest";
import { expectedAnswer } from "./answer-type.js";
import { ABSENT_WEIGHT, questionCues, termShare, withTermWeights } from "./question-cues.js";

const texts = [
  "Mobility revenue was 10,707 in 2019 and 6,953 in 2021.",
  "Delivery revenue grew in 2021.",
  "Freight revenue grew in 2021.",
];

describe("withTermWeights", () => {
  const q = "Was mobility revenue back at its level of 2019?";
  const cues = withTermWeights(questionCues(q, expectedAnswer(q)), texts);
  const w = (t: string) => cues.weights.get(t) ?? 0;

  it("weighs a word no passage uses half the rarest used one, so rewording costs less than a missing fact", () => {
    expect(cues.terms).toEqual(expect.arrayContaining(["mobil", "back", "level"]));
    expect(w("back")).toBeCloseTo(ABSENT_WEIGHT * w("mobil"), 6);
    expect(w("level")).toBeLessThan(w("mobil"));
    // A word every passage has weighs least.
    expect(w("revenu")).toBeLessThan(w("back"));
  });

  it("lets the passage that shares the question's own words cover most of it", () => {
    const share = termShare(cues);
    const first = new Set(["mobil", "revenu", "2019"]);
    expect(share((t) => first.has(t))).toBeGreaterThan(0.6);
  });
});
