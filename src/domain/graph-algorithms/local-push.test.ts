import { describe, expect, it } from "vitest";
import { buildCsr, type CsrGraph } from "./csr-graph.js";
import { csrNeighbours, forwardPush, pushState, residualMass } from "./local-push.js";
import { personalizedPageRank } from "./personalized-page-rank.js";

/** A deterministic random graph with `isolated` nodes (no edges) at the end. */
function randomGraph(n: number, edges: number, seed: number, isolated = 0): CsrGraph {
  let s = seed;
  const rand = () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
  const list: Array<[number, number, number, number]> = [];
  const linked = n - isolated;
  for (let i = 0; i < edges; i++) {
    const a = Math.floor(rand() * linked);
    const b = Math.floor(rand() * linked);
    if (a !== b) list.push([a, b, 0.2 + rand(), 0.2 + rand()]);
  }
  return buildCsr(n, list);
}

const full = (g: CsrGraph, seeds: Map<number, number>, damping: number) =>
  personalizedPageRank(g, seeds, { damping, maxIterations: 500, tolerance: 1e-14 });

function push(g: CsrGraph, seeds: Map<number, number>, damping: number, epsilon: number) {
  const state = pushState(seeds);
  expect(forwardPush(state, csrNeighbours(g), { damping, epsilon, maxPushes: 1e7 })).toEqual([]);
  const rank = new Float64Array(g.size);
  for (const [u, r] of state.rank) rank[u] = r;
  return { rank, state };
}

const l1 = (a: Float64Array, b: Float64Array) => a.reduce((sum, x, i) => sum + Math.abs(x - (b[i] ?? 0)), 0);
const topK = (r: Float64Array, k: number) =>
  [...r.keys()].sort((x, y) => (r[y] ?? 0) - (r[x] ?? 0) || x - y).slice(0, k);

describe("forwardPush", () => {
  const g = randomGraph(300, 900, 7, 20);
  const seeds = new Map([
    [3, 1],
    [40, 0.5],
    [290, 0.2], // isolated: its mass returns to the seeds, as in the power iteration
  ]);

  it("matches the power iteration: same top 10, L1 error = residual mass left", () => {
    for (const damping of [0.5, 0.7, 0.85]) {
      const exact = full(g, seeds, damping);
      const { rank, state } = push(g, seeds, damping, 1e-9);
      expect(topK(rank, 10)).toEqual(topK(exact, 10));
      expect(l1(rank, exact)).toBeLessThan(1e-6);
      expect(Math.abs(l1(rank, exact) - residualMass(state))).toBeLessThan(1e-9);
    }
  });

  it("a coarse epsilon visits fewer nodes and errs by exactly the residual mass", () => {
    const exact = full(g, seeds, 0.7);
    const fine = push(g, seeds, 0.7, 1e-9);
    const coarse = push(g, seeds, 0.7, 5e-2);
    expect(coarse.state.rank.size).toBeLessThan(fine.state.rank.size);
    const err = l1(coarse.rank, exact);
    // Wrong here on purpose: the coarse ranking is not the exact one, and its error is large.
    expect(err).toBeGreaterThan(0.05);
    expect(topK(coarse.rank, 10)).not.toEqual(topK(exact, 10));
    expect(Math.abs(err - residualMass(coarse.state))).toBeLessThan(1e-9);
  });

  it("is exact on a two-node graph (closed form r_a = 1/(1+d))", () => {
    const two = buildCsr(2, [[0, 1, 1]]);
    const { rank } = push(two, new Map([[0, 1]]), 0.5, 1e-12);
    expect(rank[0]).toBeCloseTo(1 / 1.5, 9);
    expect(rank[1]).toBeCloseTo(0.5 / 1.5, 9);
  });

  it("returns nodes whose edges are missing, then resumes to the same ranking", () => {
    const all = csrNeighbours(g);
    const loaded = new Set<number>([3]);
    const state = pushState(seeds);
    const options = { damping: 0.7, epsilon: 1e-9, maxPushes: 1e7 };
    let rounds = 0;
    for (;;) {
      const missing = forwardPush(state, (u) => (loaded.has(u) ? all(u) : undefined), options);
      if (missing.length === 0) break;
      expect(new Set(missing).size).toBe(missing.length);
      for (const u of missing) loaded.add(u);
      rounds++;
    }
    expect(rounds).toBeGreaterThan(1);
    const rank = new Float64Array(g.size);
    for (const [u, r] of state.rank) rank[u] = r;
    expect(l1(rank, full(g, seeds, 0.7))).toBeLessThan(1e-6);
  });

  it("leaves a hub alone until its residual reaches epsilon × its degree", () => {
    const star = buildCsr(
      1001,
      Array.from({ length: 1000 }, (_, i) => [0, i + 1, 1] as const),
    );
    const state = pushState(new Map([[1, 1]]));
    // The leaf passes 0.7 to the hub; 0.7 < 1e-3 × 1000 edges, so the hub keeps it.
    expect(forwardPush(state, csrNeighbours(star), { damping: 0.7, epsilon: 1e-3, maxPushes: 100 })).toEqual(
      [],
    );
    expect(state.pushes).toBe(1);
    expect(state.rank.has(0)).toBe(false);
    expect(residualMass(state)).toBeCloseTo(0.7, 12);
    // Known degrees spare the caller loading a hub it would not push.
    const unloaded = pushState(new Map([[1, 1]]));
    const missing = forwardPush(
      unloaded,
      (u) => (u === 0 ? undefined : csrNeighbours(star)(u)),
      { damping: 0.7, epsilon: 1e-3, maxPushes: 100 },
      (u) => (u === 0 ? 1000 : undefined),
    );
    expect(missing).toEqual([]);
  });

  it("returns nothing without seeds", () => {
    const state = pushState(new Map([[1, 0]]));
    expect(forwardPush(state, csrNeighbours(g))).toEqual([]);
    expect(state.rank.size).toBe(0);
  });
});

describe("forwardPush with edges loaded on demand", () => {
  it("ranks to the bit as with every edge loaded, whatever was loaded before", () => {
    const g = randomGraph(200, 700, 11);
    const seeds = new Map([
      [3, 1],
      [50, 0.5],
    ]);
    const options = { damping: 0.6, epsilon: 1e-5, maxPushes: 1e7 };
    const eager = pushState(seeds);
    forwardPush(eager, csrNeighbours(g), options);
    for (const preloaded of [[], [3, 50, 7], [...Array(100).keys()]]) {
      const loaded = new Set<number>(preloaded);
      const all = csrNeighbours(g);
      const lazy = pushState(seeds);
      let rounds = 0;
      for (
        let missing = forwardPush(lazy, (u) => (loaded.has(u) ? all(u) : undefined), options);
        missing.length > 0;
      ) {
        for (const u of missing) loaded.add(u);
        missing = forwardPush(lazy, (u) => (loaded.has(u) ? all(u) : undefined), options);
        rounds++;
      }
      expect(rounds).toBeGreaterThan(0);
      expect([...lazy.rank].sort((a, b) => a[0] - b[0])).toEqual([...eager.rank].sort((a, b) => a[0] - b[0]));
    }
  });
});
