import { describe, expect, it } from "vitest";
import { buildCsr } from "./csr-graph.js";
import { personalizedPageRank } from "./personalized-page-rank.js";

describe("personalizedPageRank", () => {
  // 0 - 1 - 2 - 3, and 4 isolated
  const g = buildCsr(5, [
    [0, 1, 1],
    [1, 2, 1],
    [2, 3, 1],
  ]);

  it("sums to 1 and decays with distance from the seed", () => {
    const r = personalizedPageRank(g, new Map([[0, 1]]));
    const sum = r.reduce((a, b) => a + b, 0);
    expect(sum).toBeCloseTo(1, 6);
    expect(r[0]).toBeGreaterThan(r[1] ?? 0);
    expect(r[1]).toBeGreaterThan(r[2] ?? 0);
    expect(r[2]).toBeGreaterThan(r[3] ?? 0);
    expect(r[4]).toBe(0);
  });

  it("matches the closed form on a two-node graph", () => {
    // Seed a, damping d: r_a = (1-d) + d*r_b, r_b = d*r_a  =>  r_a = 1/(1+d)
    const two = buildCsr(2, [[0, 1, 1]]);
    const r = personalizedPageRank(two, new Map([[0, 1]]), {
      damping: 0.5,
      maxIterations: 200,
      tolerance: 1e-12,
    });
    expect(r[0]).toBeCloseTo(1 / 1.5, 6);
    expect(r[1]).toBeCloseTo(0.5 / 1.5, 6);
  });

  it("follows edge weights and returns zeros without seeds", () => {
    const star = buildCsr(3, [
      [0, 1, 3],
      [0, 2, 1],
    ]);
    const r = personalizedPageRank(star, new Map([[0, 1]]));
    expect((r[1] ?? 0) / (r[2] ?? 1)).toBeCloseTo(3, 6);
    expect([...personalizedPageRank(star, new Map())]).toEqual([0, 0, 0]);
  });
});
