import { describe, expect, it } from "vitest";
import { type Fact, findContradictions, validityOverlaps } from "./find-contradictions.js";

const fact = (id: string, object: string, from?: string, to?: string, predicate = "ceo of"): Fact => ({
  id,
  subject: "ent:alice",
  predicate,
  object,
  ...(from ? { valid_from: from } : {}),
  ...(to ? { valid_to: to } : {}),
});

describe("findContradictions", () => {
  it("reports same subject and predicate with different objects in overlapping periods", () => {
    const out = findContradictions([
      fact("r1", "ent:acme", "2019-01-01", "2021-12-31"),
      fact("r2", "ent:globex", "2021-06-01"),
    ]);
    expect(out).toEqual([
      {
        subject: "ent:alice",
        predicate: "ceo of",
        objects: ["ent:acme", "ent:globex"],
        relation_ids: ["r1", "r2"],
      },
    ]);
  });

  it("ignores successive periods, agreeing facts and multi-valued predicates", () => {
    expect(
      findContradictions([
        fact("r1", "ent:acme", "2019-01-01", "2020-12-31"),
        fact("r2", "ent:globex", "2021-01-01"),
      ]),
    ).toEqual([]);
    expect(findContradictions([fact("r1", "ent:acme"), fact("r2", "ent:acme")])).toEqual([]);
    expect(
      findContradictions([
        fact("r1", "ent:a", undefined, undefined, "mentions"),
        fact("r2", "ent:b", undefined, undefined, "mentions"),
      ]),
    ).toEqual([]);
  });

  it("names the evidence stating each object when its passage is in the bundle", () => {
    const out = findContradictions(
      [
        { ...fact("r1", "ent:acme"), chunk_id: "chk:a" },
        { ...fact("r2", "ent:globex"), chunk_id: "chk:b" },
        { ...fact("r3", "ent:globex"), chunk_id: "chk:gone" },
      ],
      (chunk) => ({ "chk:a": "S1", "chk:b": "S3" })[chunk],
    );
    expect(out[0]?.sources).toEqual([
      { object: "ent:acme", cites: ["S1"] },
      { object: "ent:globex", cites: ["S3"] },
    ]);
    // Without any located passage there is nothing to cite.
    expect(
      findContradictions([fact("r1", "ent:acme"), fact("r2", "ent:globex")])[0]?.sources,
    ).toBeUndefined();
  });

  it("treats a missing bound as open", () => {
    expect(validityOverlaps(fact("a", "x"), fact("b", "y", "2030-01-01"))).toBe(true);
    expect(validityOverlaps(fact("a", "x", undefined, "2020-01-01"), fact("b", "y", "2021-01-01"))).toBe(
      false,
    );
  });
});
