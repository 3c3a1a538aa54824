import { describe, expect, it } from "vitest";
import { askResult as result } from "../../agents/test-ask-result.js";
import { formatAnswer } from "./ask-command.js";

describe("formatAnswer", () => {
  it("says why an answer is not found, on the line after it", () => {
    const lines = formatAnswer(result({})).split("\n");
    expect(lines.slice(0, 2)).toEqual([
      "Not found in the indexed documents.",
      "Why: the evidence never names Orrin Vale Logistics",
    ]);
  });

  it("gives no reason line for an answer", () => {
    const text = formatAnswer(
      result({ answer: "It had 4,200. [S1]", not_found: false, not_found_reason: null }),
    );
    expect(text).not.toMatch(/Why:/);
    expect(text.split("\n")[0]).toBe("It had 4,200. [S1]");
  });
});
