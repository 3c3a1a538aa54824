import { describe, expect, it } from "vitest";
import { judgeReply, judgeText } from "./docqa-judge.js";

describe("judgeReply (docqa rule)", () => {
  it("matches a gold string case-insensitively after collapsing whitespace", () => {
    expect(judgeReply("Goodwill was $8,420\n  Million at year end [S1].", ["8,420 million"])).toBe(true);
    expect(judgeReply("Diluted loss per share was $(0.29) [S2]", ["(0.29)", "$0.29"])).toBe(true);
  });

  it("fails a reply without any gold string, a null reply, and an empty gold list", () => {
    expect(judgeReply("Goodwill was $6,109 million [S1].", ["8,420"])).toBe(false);
    expect(judgeReply(null, ["8,420"])).toBe(false);
    expect(judgeReply("anything", [])).toBe(false);
    expect(judgeReply("anything", ["  "])).toBe(false);
  });

  it("is a substring rule, not a token rule, so stems count", () => {
    expect(judgeReply("Rewiring the cables", ["wir"])).toBe(true);
  });

  it("needs every string with answers_all", () => {
    const golds = ["wir", "fuel", "brake"];
    expect(judgeReply("wiring, fuel lines and brakes", golds, true)).toBe(true);
    expect(judgeReply("wiring and fuel lines", golds, true)).toBe(false);
    expect(judgeReply("wiring and fuel lines", golds, false)).toBe(true);
  });

  it("removes citation markers so they cannot split an answer", () => {
    expect(judgeText("Net loss [S1] per  share [S2]")).toBe("net loss per share");
    expect(judgeReply("net loss [S1] per share", ["loss per share"])).toBe(true);
  });
});
