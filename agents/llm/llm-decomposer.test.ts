import { describe, expect, it } from "vitest";
import { toHopPlan } from "./llm-decomposer.js";

describe("toHopPlan", () => {
  it("keeps a chain whose slots point back and a parallel plan", () => {
    expect(toHopPlan({ kind: "chain", hops: ["Who directed X?", "Where was #1 born?"] })).toEqual({
      kind: "chain",
      hops: ["Who directed X?", "Where was #1 born?"],
      source: "llm",
    });
    expect(
      toHopPlan({ kind: "parallel", hops: ["When did A come out?", "When did B come out?"] })?.kind,
    ).toBe("parallel");
  });

  it("drops a single-hop answer, a lone sub-question, and a slot that points forward", () => {
    expect(toHopPlan({ kind: "single", hops: [] })).toBeNull();
    expect(toHopPlan({ kind: "chain", hops: ["Who directed X?", " "] })).toBeNull();
    expect(toHopPlan({ kind: "chain", hops: ["Where was #2 born?", "Who directed X?"] })).toBeNull();
    expect(toHopPlan({ kind: "chain", hops: ["Who directed X?", "Where was #2 born?"] })).toBeNull();
  });
});
