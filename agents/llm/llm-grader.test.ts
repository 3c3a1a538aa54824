import { describe, expect, it } from "vitest";
import { RETRY_BELOW } from "../state.js";
import { llmGrade, llmSaysNotAnswerable } from "./llm-grader.js";

const SIGNALS = { coverage: 0.66666, entity_coverage: 1 };

describe("llmGrade", () => {
  it("keeps the model's score and verdict, the measured coverage, and marks the grade as the LLM's", () => {
    const g = llmGrade({ score: 4, answerable: true, reasons: ["states it"] }, SIGNALS);
    expect(g).toEqual({
      score: 4,
      coverage: 0.667,
      entity_coverage: 1,
      answerable: true,
      reasons: ["llm: states it"],
      source: "llm",
    });
    expect(llmSaysNotAnswerable(g)).toBe(false);
  });

  it("'not answerable' caps the score below the retry line, so the search widens before not found", () => {
    const g = llmGrade({ score: 5, answerable: false, reasons: [] }, SIGNALS);
    expect(g.score).toBe(RETRY_BELOW - 1);
    expect(g.reasons).toEqual([`llm: not answerable: score 5 capped at ${RETRY_BELOW - 1}`]);
    expect(llmSaysNotAnswerable(g)).toBe(true);
    expect(llmGrade({ score: 1, answerable: false, reasons: [] }, SIGNALS).score).toBe(1);
    // An offline grade's verdict is not the LLM's.
    expect(llmSaysNotAnswerable({ ...g, source: undefined })).toBe(false);
  });
});
