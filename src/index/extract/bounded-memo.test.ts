import { describe, expect, it } from "vitest";
import { boundedMemo } from "./bounded-memo.js";

describe("boundedMemo", () => {
  it("computes each key once, and starts over past its bound", () => {
    const calls: string[] = [];
    const upper = boundedMemo(2, (k) => {
      calls.push(k);
      return k.toUpperCase();
    });
    expect([upper("a"), upper("a"), upper("b")]).toEqual(["A", "A", "B"]);
    expect(calls).toEqual(["a", "b"]);
    upper("c"); // the third key: the memory starts over with it
    upper("a");
    expect(calls).toEqual(["a", "b", "c", "a"]);
    upper("c");
    expect(calls).toEqual(["a", "b", "c", "a"]);
  });
});
