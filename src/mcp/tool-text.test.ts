import { describe, expect, it } from "vitest";
import { askResult } from "../../agents/test-ask-result.js";
import { answerText } from "./tool-text.js";

const notFound = askResult();

describe("answerText", () => {
  it("tells the calling model why nothing was found", () => {
    expect(answerText(notFound)).toBe(
      "Not found: Not found in the indexed documents.\nWhy: the evidence never names Orrin Vale Logistics",
    );
    expect(answerText({ ...notFound, not_found_reason: null })).toBe(
      "Not found: Not found in the indexed documents.",
    );
  });
});
