import { describe, expect, it } from "vitest";
import { fusedOrder } from "./run-plan.js";

describe("fusedOrder", () => {
  it("keeps the primary call's order and appends what only the supporting calls found", () => {
    const primary = ["a", "b", "c", "d"];
    const paths = ["x", "y", "c"];
    const second = ["y", "z"];
    // Equal-weight RRF would put x (paths' top) above b; here supporting-only hits come last,
    // fused among themselves (y is in both supporting lists).
    expect(fusedOrder([primary, paths, second])).toEqual(["a", "b", "c", "d", "y", "x", "z"]);
  });

  it("is the primary ranking itself when there is one call", () => {
    expect(fusedOrder([["q", "p", "r"]])).toEqual(["q", "p", "r"]);
  });
});
