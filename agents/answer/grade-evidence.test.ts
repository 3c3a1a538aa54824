import { describe, expect, it } from "vitest";
import { gradeEvidence } from "./grade-evidence.js";
import { evidence } from "./test-evidence.js";

describe("gradeEvidence", () => {
  const q = "How do I mint coins with the coin module?";

  it("grades evidence that covers the question and has the asked-for shape high", () => {
    const g = gradeEvidence(
      q,
      [
        evidence(
          "S1",
          "To mint coins, call coin::mint with the MintCapability. The coin module returns the new Coin.",
        ),
      ],
      "how_to",
    );
    expect(g.score).toBeGreaterThanOrEqual(4);
    expect(g.answerable).toBe(true);
    expect(g.reasons.length).toBeGreaterThan(0);
  });

  it("grades off-topic evidence low and no evidence 1", () => {
    const g = gradeEvidence(q, [evidence("S1", "The weather in Paris was mild in October.")], "how_to");
    expect(g.score).toBeLessThan(3);
    expect(g.answerable).toBe(false);
    expect(gradeEvidence(q, [], "how_to").score).toBe(1);
  });

  it("counts missing named entities against the grade", () => {
    const ev = [evidence("S1", "Pamela appeared on television to talk about animal welfare.")];
    const named = gradeEvidence(
      "Which network did Pamela Anderson partner with, per the BBC and The New York Times?",
      ev,
      "other",
    );
    expect(named.entity_coverage).toBeLessThan(0.5);
    expect(named.answerable).toBe(false);
  });
});
