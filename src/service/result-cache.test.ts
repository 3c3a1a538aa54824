import { describe, expect, it } from "vitest";
import { canonicalKey, normaliseQuery, ResultCache } from "./result-cache.js";

const counter = () => {
  let calls = 0;
  return {
    compute: (value: string) => async () => {
      calls++;
      return { value, list: [1, 2] };
    },
    get calls() {
      return calls;
    },
  };
};

describe("ResultCache", () => {
  it("computes on a miss, serves the same value on a hit, and counts both", async () => {
    const cache = new ResultCache<{ value: string; list: number[] }>(() => 1);
    const c = counter();
    const miss = await cache.get({ q: "a", k: 1 }, c.compute("A"));
    const hit = await cache.get({ k: 1, q: "a" }, c.compute("other"));
    expect(hit).toEqual(miss);
    expect(c.calls).toBe(1);
    expect(cache.stats()).toMatchObject({ entries: 1, hits: 1, misses: 1, hit_rate: 0.5, evictions: 0 });
  });

  it("hands out copies: mutating a result never changes the next hit", async () => {
    const cache = new ResultCache<{ value: string; list: number[] }>(() => 1);
    const c = counter();
    const first = await cache.get("k", c.compute("A"));
    first.list.push(3);
    const second = await cache.get("k", c.compute("A"));
    second.value = "changed";
    expect(await cache.get("k", c.compute("A"))).toEqual({ value: "A", list: [1, 2] });
  });

  it("evicts the least recently used entry beyond capacity", async () => {
    const cache = new ResultCache<{ value: string; list: number[] }>(() => 1, { capacity: 2 });
    const c = counter();
    await cache.get("a", c.compute("a"));
    await cache.get("b", c.compute("b"));
    await cache.get("a", c.compute("a")); // a is now the most recent
    await cache.get("c", c.compute("c")); // evicts b
    expect(cache.stats()).toMatchObject({ entries: 2, capacity: 2, evictions: 1 });
    const before = c.calls;
    await cache.get("a", c.compute("a"));
    expect(c.calls).toBe(before);
    await cache.get("b", c.compute("b"));
    expect(c.calls).toBe(before + 1);
  });

  it("drops every entry when the store version moves, and stands aside while it is being written", async () => {
    let version: number | undefined = 1;
    const cache = new ResultCache<{ value: string; list: number[] }>(() => version);
    const c = counter();
    await cache.get("a", c.compute("old"));
    version = 2;
    expect(await cache.get("a", c.compute("new"))).toMatchObject({ value: "new" });
    expect(cache.stats()).toMatchObject({ invalidations: 1, evictions: 0, misses: 2, hits: 0 });
    version = undefined;
    expect(await cache.get("a", c.compute("writing"))).toMatchObject({ value: "writing" });
    expect(cache.stats()).toMatchObject({ bypassed: 1, entries: 1 });
    version = 2;
    expect(await cache.get("a", c.compute("x"))).toMatchObject({ value: "new" });
  });

  it("does not store a result computed while the store changed", async () => {
    let version = 1;
    const cache = new ResultCache<string>(() => version);
    await cache.get("a", async () => {
      version = 2;
      return "computed across a change";
    });
    expect(cache.stats().entries).toBe(0);
    expect(await cache.get("a", async () => "fresh")).toBe("fresh");
  });
});

describe("keys", () => {
  it("canonicalKey ignores key order at every level", () => {
    expect(canonicalKey({ b: 1, a: { d: [1, { z: 1, y: 2 }], c: 2 } })).toBe(
      canonicalKey({ a: { c: 2, d: [1, { y: 2, z: 1 }] }, b: 1 }),
    );
    expect(canonicalKey({ a: 1 })).not.toBe(canonicalKey({ a: 2 }));
  });

  it("normaliseQuery trims and collapses whitespace, keeps case", () => {
    expect(normaliseQuery("  Who   founded\tAcme?\n")).toBe("Who founded Acme?");
    expect(normaliseQuery("Cafe\u0301")).toBe("Café");
  });
});
