import { describe, expect, it } from "vitest";
import { answerCandidates } from "./answer-candidates.js";
import { narrowerPlace, unmetScope } from "./answer-scope.js";
import { expectedAnswer } from "./answer-type.js";
import { questionCues } from "./question-cues.js";
import { rankCandidates } from "./score-candidates.js";
import { evidence } from "./test-evidence.js";

describe("unmetScope", () => {
  const texts = ["In the payroll example, the optimizer advises an index on the name column."];
  it("names the example no passage speaks of", () => {
    expect(unmetScope("in the banking example, which index does the optimizer advise?", texts)).toBe(
      "banking",
    );
  });
  it("is null when the passages speak of it, or the question names no example", () => {
    expect(unmetScope("in the payroll example, which index does the optimizer advise?", texts)).toBeNull();
    expect(unmetScope("in the guide's payroll example, which index is advised?", texts)).toBeNull();
    expect(unmetScope("which index does the optimizer advise?", texts)).toBeNull();
  });
});

describe("narrowerPlace", () => {
  const count = (q: string, line: string) => {
    const cues = questionCues(q, expectedAnswer(q));
    const best = rankCandidates(answerCandidates(cues.expected, [evidence("S1", line)]), cues).find(
      (c) => c.span === "70,000 drivers",
    );
    return best ? narrowerPlace(best, cues) : "no candidate";
  };
  const line = "In March we said that more than 70,000 drivers in the UK will be treated as workers.";
  it("names the place a count is limited to when the question does not ask about it", () => {
    expect(count("How many drivers used the platform?", line)).toBe("UK");
  });
  it("is null when the question asks about that place, or the count is not limited", () => {
    expect(count("How many drivers in the UK used the platform?", line)).toBeNull();
    expect(count("How many drivers used the platform?", line.replace(" in the UK", ""))).toBeNull();
    expect(
      count("How many drivers used the platform?", line.replace("in the UK", "in March 2021")),
    ).toBeNull();
  });
});
