import { describe, expect, it } from "vitest";
import { factOverlaps, rankByTime } from "./temporal-rank.js";
import { parseTimeConstraint } from "./time-constraint.js";

const now = new Date("2024-06-01T00:00:00Z");
const ask = (q: string) => parseTimeConstraint(q, { now });
const ids = (r: ReturnType<typeof rankByTime>) => r.hits.map((h) => h.id);

describe("rankByTime", () => {
  const pool = [
    { id: "a", score: 1, published_at: "2018-05-02T10:00:00Z" },
    { id: "b", score: 0.9, dates: ["2021"] },
    { id: "c", score: 0.8 },
    { id: "d", score: 0.7, published_at: "2023-10-27" },
  ];

  it("drops dated passages outside the window, keeps undated ones below dated ones", () => {
    const r = rankByTime(pool, ask("What happened in 2021?"), 10, now);
    expect(ids(r)).toEqual(["b", "c"]);
    expect(r.dropped).toBe(2);
  });

  it("keeps and lifts a passage dated a day the question names, with a day of slack at the window edge", () => {
    expect(ids(rankByTime(pool, ask("What did it say after May 2, 2018?"), 10, now))).toEqual([
      "a",
      "b",
      "d",
      "c",
    ]);
    const edge = rankByTime(pool, ask("Reports between October 1, 2023 and October 26, 2023?"), 10, now);
    expect(ids(edge)).toEqual(["d", "c"]);
  });

  it("lifts newer passages for 'latest' and sorts by time on request", () => {
    const tied = pool.map((p) => ({ ...p, score: 1 }));
    expect(ids(rankByTime(tied, ask("the latest news"), 10, now))[0]).toBe("d");
    const asc = rankByTime(pool, ask("news"), 10, now, "asc");
    expect(asc.hits.map((h) => h.date ?? "-")).toEqual(["2018-05-02", "2021", "2023-10-27", "-"]);
  });
});

describe("factOverlaps", () => {
  it("reads ranges, end-only and point facts; undated facts never overlap", () => {
    const w = { from: "2021-01-01", to: "2021-12-31" };
    expect(factOverlaps({ valid_from: "2019", valid_to: "2022" }, w)).toBe(true);
    expect(factOverlaps({ valid_to: "2021-03" }, w)).toBe(true);
    expect(factOverlaps({ valid_from: "2015" }, w)).toBe(false);
    expect(factOverlaps({}, w)).toBe(false);
    expect(factOverlaps({ valid_from: "2015" }, {})).toBe(true);
  });
});
