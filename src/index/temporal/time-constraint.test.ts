import { describe, expect, it } from "vitest";
import { parseTimeConstraint } from "./time-constraint.js";

const now = new Date("2024-03-15T12:00:00Z");
const parse = (q: string) => parseTimeConstraint(q, { now });

describe("parseTimeConstraint", () => {
  it("bounds the window to a year after in/в", () => {
    expect(parse("Who led the company in 2021?").range).toEqual({ from: "2021-01-01", to: "2021-12-31" });
    expect(parse("Кто возглавлял компанию в 2021 году?").range).toEqual({
      from: "2021-01-01",
      to: "2021-12-31",
    });
  });

  it("reads before, after, since and the year of an event", () => {
    expect(parse("What did it sell before 2019?").range).toEqual({ to: "2018-12-31" });
    expect(parse("What changed after 2019?").range).toEqual({ from: "2020-01-01" });
    expect(parse("What changed after the 2020 election?").range).toEqual({ from: "2020-01-01" });
    expect(parse("Who ran it since March 2018?").range).toEqual({ from: "2018-03-01" });
    expect(parse("Sales after 2019 and before 2022?").range).toEqual({
      from: "2020-01-01",
      to: "2021-12-31",
    });
    // Two "after"s qualify two reports: the looser one holds.
    expect(
      parse("Did the report after September 26, 2023 and the one after December 24, 2023 agree?").range,
    ).toEqual({
      from: "2023-09-27",
    });
  });

  it("spans between X and Y, even with words between the dates", () => {
    expect(parse("What happened between 2018 and 2020?").range).toEqual({
      from: "2018-01-01",
      to: "2020-12-31",
    });
    const q = parse(
      "Between the report from 'The Verge' on 2023-11-24 and the report from 'Wired' on 2023-11-25, is there consistency?",
    );
    expect(q.range).toEqual({ from: "2023-11-24", to: "2023-11-25" });
    expect(q.dates).toEqual(["2023-11-24", "2023-11-25"]);
  });

  it("resolves relative dates against the injected reference", () => {
    const q = parse("What did the board decide last year?");
    expect(q.reference).toBe("2024-03-15");
    expect(q.range).toEqual({ from: "2023-01-01", to: "2023-12-31" });
    expect(parse("Что произошло в прошлом году?").range).toEqual({ from: "2023-01-01", to: "2023-12-31" });
    expect(parse("Any outages in the past 30 days?").range).toEqual({ from: "2024-02-14", to: "2024-03-15" });
    expect(parse("What was released 2 years ago?").range).toEqual({ from: "2022-01-01", to: "2022-12-31" });
    const other = parseTimeConstraint("What did the board decide last year?", {
      now: new Date("2031-01-02Z"),
    });
    expect(other.range).toEqual({ from: "2030-01-01", to: "2030-12-31" });
  });

  it("flags recency and order, and keeps yearless dates as --MM-DD", () => {
    const q = parse("What is the latest news about the merger?");
    expect(q).toMatchObject({ recency: true, order: "desc", range: {} });
    expect(parse("Which was the earliest report?").order).toBe("asc");
    expect(
      parse("After Polygon reported on October 18th, did Engadget agree on October 20th?").dates,
    ).toEqual(["--10-18", "--10-20"]);
    expect(parse("After the report by The Age on October 22, 2023, did it change?")).toMatchObject({
      dates: ["2023-10-22"],
      range: {},
    });
  });

  it("finds nothing in a question without time", () => {
    expect(parse("Who founded Acme Corp?")).toMatchObject({
      range: {},
      dates: [],
      recency: false,
      phrases: [],
    });
    expect(parse("How many of the 2,000 staff were hired?").dates).toEqual([]);
  });
});
