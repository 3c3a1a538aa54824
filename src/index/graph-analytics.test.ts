import { describe, expect, it } from "vitest";
import { entitySalience, sectionAuthority } from "./graph-analytics.js";

describe("sectionAuthority", () => {
  it("ranks the section others refer to highest, mean 1", () => {
    const a = sectionAuthority(
      ["intro", "note7", "mdna", "risk"],
      [
        { src: "intro", dst: "note7" },
        { src: "mdna", dst: "note7" },
        { src: "risk", dst: "note7" },
        { src: "mdna", dst: "risk" },
      ],
    );
    const values = [...a.values()];
    expect(values.reduce((x, y) => x + y, 0) / values.length).toBeCloseTo(1, 6);
    expect(Math.max(...values)).toBe(a.get("note7"));
    expect(a.get("risk")).toBeGreaterThan(a.get("intro") ?? 0);
  });
  it("gives every section 1 when nothing links", () => {
    expect([...sectionAuthority(["a", "b"], []).values()]).toEqual([1, 1]);
  });
});

describe("entitySalience", () => {
  it("splits CORE, IMPORTANT and SUPPORTING by mentions", () => {
    const entities = Array.from({ length: 40 }, (_, i) => ({ id: `e${i}`, type: "NAME" as const }));
    const mentions = new Map(entities.map((e, i) => [e.id, i === 0 ? 30 : i < 10 ? 2 : 1]));
    const s = entitySalience([...entities, { id: "t", type: "TITLE" }], mentions);
    expect(s.get("e0")).toEqual({ salience: "CORE", mentions: 30 });
    expect(s.get("e5")?.salience).toBe("IMPORTANT");
    expect(s.get("e20")?.salience).toBe("SUPPORTING");
    expect(s.get("t")?.salience).toBe("IMPORTANT");
  });
});
