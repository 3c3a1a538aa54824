import { describe, expect, it } from "vitest";
import { DEFAULT_PPR_TUNING, pprEpsilon } from "./ppr-rank.js";

describe("pprEpsilon", () => {
  it("defaults to local push, and AGR_PPR_EPSILON=0 selects the full power iteration", () => {
    expect(DEFAULT_PPR_TUNING.epsilon).toBeGreaterThan(0);
    expect(pprEpsilon(undefined)).toBe(1e-5);
    expect(pprEpsilon("")).toBe(1e-5);
    expect(pprEpsilon("0")).toBe(0);
    expect(pprEpsilon("1e-6")).toBe(1e-6);
  });

  it("ignores values that are not a residual threshold", () => {
    for (const raw of ["abc", "-1", "1", "Infinity"]) expect(pprEpsilon(raw)).toBe(1e-5);
  });
});
