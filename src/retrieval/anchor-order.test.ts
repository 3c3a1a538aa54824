import { describe, expect, it } from "vitest";
import { anchoredOrder } from "./anchor-order.js";

describe("anchoredOrder", () => {
  it("moves the anchor's best up to the last of its places when the order ranks it lower", () => {
    expect(anchoredOrder(["a", "b", "c", "d"], ["d"], [2])).toEqual(["a", "d", "b", "c"]);
    expect(anchoredOrder(["a", "b", "c", "d", "e", "f", "g"], ["b", "g"], [2, 5])).toEqual([
      "a",
      "b",
      "c",
      "d",
      "g",
      "e",
      "f",
    ]);
  });

  it("leaves an order that already holds the anchor's best within its places", () => {
    expect(anchoredOrder(["d", "a", "b"], ["d"], [2])).toEqual(["d", "a", "b"]);
    expect(anchoredOrder(["a", "d", "b"], ["d"], [2])).toEqual(["a", "d", "b"]);
  });

  it("inserts an id the order lacks; ids without places or undefined are skipped", () => {
    expect(anchoredOrder(["a", "b", "c"], ["x"], [2])).toEqual(["a", "x", "b", "c"]);
    expect(anchoredOrder([], ["x"], [2])).toEqual(["x"]);
    expect(anchoredOrder(["a", "b", "c"], [undefined, "c"], [1])).toEqual(["a", "b", "c"]);
  });
});
