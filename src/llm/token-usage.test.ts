import { AIMessage } from "@langchain/core/messages";
import { describe, expect, it } from "vitest";
import { addUsage, tokensSaved, totalTokens, usageOf } from "./token-usage.js";

describe("token accounting", () => {
  it("reads the response's usage metadata, zero when absent", () => {
    const m = new AIMessage({
      content: "{}",
      usage_metadata: { input_tokens: 120, output_tokens: 30, total_tokens: 150 },
    });
    expect(usageOf(m)).toEqual({ input: 120, output: 30 });
    expect(usageOf(new AIMessage("{}"))).toEqual({ input: 0, output: 0 });
  });
  it("adds usages and estimates the tokens the skipped chunks saved at the measured average", () => {
    const used = addUsage({ input: 300, output: 100 }, { input: 500, output: 100 });
    expect(totalTokens(used)).toBe(1000);
    // 2 chunks cost 1000 → 500 each; 7 chunks skipped → 3500 saved.
    expect(tokensSaved(used, 2, 7)).toBe(3500);
    expect(tokensSaved(used, 0, 7)).toBe(0);
  });
});
