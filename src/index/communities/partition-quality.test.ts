import { describe, expect, it } from "vitest";
import { groupMembers } from "./community-groups.js";
import { membership, modularity, nmi } from "./partition-quality.js";

describe("partition comparison", () => {
  const a = new Map([
    ["x", 0],
    ["y", 0],
    ["z", 1],
    ["w", 1],
  ]);
  it("NMI is 1 for the same partition under other labels and 0 for an independent one", () => {
    const relabelled = new Map([...a].map(([n, c]) => [n, 7 - c]));
    expect(nmi(a, relabelled)).toBeCloseTo(1, 12);
    const crossed = new Map([
      ["x", 0],
      ["y", 1],
      ["z", 0],
      ["w", 1],
    ]);
    expect(nmi(a, crossed)).toBeCloseTo(0, 12);
  });
  it("modularity of two disjoint equal edges split apart is 0.5; all in one community 0", () => {
    const pairs = [
      { a: "x", b: "y", weight: 1 },
      { a: "z", b: "w", weight: 1 },
    ];
    expect(modularity(pairs, a)).toBeCloseTo(0.5, 12);
    expect(modularity(pairs, new Map([...a].map(([n]) => [n, 0])))).toBeCloseTo(0, 12);
  });
  it("groups round-trip through membership, largest first, members sorted", () => {
    const groups = groupMembers(
      new Map([
        ["c", 2],
        ["a", 5],
        ["b", 5],
        ["d", 2],
        ["e", 2],
        ["f", 9],
      ]),
    );
    expect(groups).toEqual([
      ["c", "d", "e"],
      ["a", "b"],
    ]);
    expect(groupMembers(membership(groups))).toEqual(groups);
  });
});
