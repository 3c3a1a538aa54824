import { describe, expect, it } from "vitest";
import { citationSupport } from "./citation-support.js";

describe("citationSupport (from the verifier's checks)", () => {
  it("counts dropped pairs against the share, so it is not 1.0 by construction", () => {
    const s = citationSupport([
      { cites: ["S1", "S2"], verdict: "supported" },
      { cites: ["S3"], verdict: "revised" },
      { cites: ["S4", "S4"], verdict: "dropped" },
    ]);
    expect(s).toEqual({ pairs: 4, supported: 2, revised: 1, dropped: 1, support: 0.75 });
  });

  it("gives 0 when every pair was dropped and null when nothing was judged", () => {
    expect(citationSupport([{ cites: ["S1"], verdict: "dropped" }]).support).toBe(0);
    expect(citationSupport([]).support).toBeNull();
  });
});
