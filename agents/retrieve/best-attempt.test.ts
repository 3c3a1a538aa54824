import { describe, expect, it } from "vitest";
import type { ContextBundle } from "../../src/retrieval/context-bundle.js";
import type { GraphStateType } from "../graph-state.js";
import type { Grade } from "../schemas.js";
import { type Attempt, bestAttempt, useBestAttempt } from "./best-attempt.js";

const grade = (score: number): Grade => ({
  score,
  coverage: 0,
  entity_coverage: 0,
  answerable: false,
  reasons: [],
});
const bundle = (mode: string): ContextBundle => ({
  query: "q",
  mode,
  summaries: [],
  evidence: [],
  token_count: 0,
  token_budget: 2000,
});
const attempts = (...scores: number[]): Attempt[] =>
  scores.map((s, i) => ({ attempt: i, grade: grade(s), evidence: bundle(`attempt ${i}`), facts: [] }));

describe("bestAttempt", () => {
  it("passes over attempts the reader refused while another is left", () => {
    expect(bestAttempt(attempts(3, 2), [0])).toBe(1);
    expect(bestAttempt(attempts(3, 2, 1), [0, 1])).toBe(2);
    expect(bestAttempt(attempts(3, 2), [0, 1])).toBe(0);
  });

  it("picks the highest grade, the earliest on a tie", () => {
    expect(bestAttempt(attempts(3, 2))).toBe(0);
    expect(bestAttempt(attempts(2, 1, 1))).toBe(0);
    expect(bestAttempt(attempts(1, 2, 1))).toBe(1);
    expect(bestAttempt(attempts(1, 1, 2))).toBe(2);
    expect(bestAttempt(attempts(2, 2, 1))).toBe(0);
    expect(bestAttempt([])).toBeUndefined();
  });
});

describe("useBestAttempt", () => {
  const state = (used: number, list: Attempt[]) =>
    ({ attempts: list, used_attempt: used, evidence: list.at(-1)?.evidence }) as unknown as GraphStateType;

  it("puts the chosen attempt's bundle, grade and facts back, and changes nothing when it is the last", () => {
    const list = attempts(2, 1, 1);
    expect(useBestAttempt(state(0, list))).toEqual({
      evidence: bundle("attempt 0"),
      grade: grade(2),
      facts: [],
    });
    expect(useBestAttempt(state(2, list))).toEqual({});
  });
});
