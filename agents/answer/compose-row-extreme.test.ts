import { describe, expect, it } from "vitest";
import { composeRowExtreme } from "./compose-row-extreme.js";
import { evidence } from "./test-evidence.js";

const table = evidence(
  "S1",
  [
    "Function | Security (bits) | Cost per call (gas units)",
    "alpha_hash | 128 | 1,084,000",
    "beta_hash | 256 | 342,200",
    "gamma_hash | 128 | 1,001,600",
    "Total | 512 | 2,427,800",
  ].join("\n"),
);

describe("composeRowExtreme", () => {
  it("names the row with the smallest amount in the column the question compares, stating all", () => {
    const d = composeRowExtreme("Which hash function is the cheapest to call?", [table]);
    expect(d?.short_answer).toBe("beta_hash");
    expect(d?.sentences[0]?.text).toBe(
      "beta_hash (Cost per call (gas units)): 342,200. alpha_hash: 1,084,000; beta_hash: 342,200; gamma_hash: 1,001,600.",
    );
    expect(d?.sentences[0]?.cites).toEqual(["S1"]);
  });

  it("reads the column the question names for highest, never a total row", () => {
    expect(composeRowExtreme("Which function has the highest security?", [table])?.short_answer).toBe(
      "beta_hash",
    );
  });

  it("reads the extreme said with a verb: 'costs the least', 'needs the most'", () => {
    expect(composeRowExtreme("Which hash function costs the least per call?", [table])?.short_answer).toBe(
      "beta_hash",
    );
    expect(composeRowExtreme("Which function needs the most security bits?", [table])?.short_answer).toBe(
      "beta_hash",
    );
    // "at least" is no extreme.
    expect(composeRowExtreme("Which function costs at least 1,000,000 per call?", [table])).toBeNull();
  });

  it("declines without a superlative, a matching column, or a clear winner", () => {
    expect(composeRowExtreme("Which hash function should I use?", [table])).toBeNull();
    expect(composeRowExtreme("Which function has the highest latency?", [table])).toBeNull();
    const tie = evidence("S2", "Function | Cost (gas)\na | 5\nb | 5");
    expect(composeRowExtreme("Which function is the cheapest?", [tie])).toBeNull();
  });
});
