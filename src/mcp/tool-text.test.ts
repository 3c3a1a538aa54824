import { describe, expect, it } from "vitest";
import type { AskOutput } from "./mcp-schemas.js";
import { answerText } from "./tool-text.js";

const notFound: AskOutput = {
  answer: "Not found in the indexed documents.",
  not_found: true,
  route: "simple",
  citations: [],
  short_answer: null,
  not_found_reason: "the evidence never names Orrin Vale Logistics",
  verification: { sentences: 0, supported: 0, dropped: 0, contradictions: [] },
  tokens: { prompt: 0, completion: 0 },
};

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
