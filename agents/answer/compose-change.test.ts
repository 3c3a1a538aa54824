import { describe, expect, it } from "vitest";
import { composeChange } from "./compose-change.js";
import { evidence } from "./test-evidence.js";

const table = evidence(
  "S1",
  [
    " | 2019 | 2020 | 2021 | 2020 to 2021 %",
    "Ride revenue (1) | $ 10,707 | $ 6,089 | $ 6,953 | 14 %",
    "Total revenue | $ 13,000 | $ 11,139 | $ 17,455 | 57 %",
  ].join("\n"),
);

describe("composeChange", () => {
  it("states both periods of the row the question names and the change, cited", () => {
    const d = composeChange("Had ride revenue recovered to its 2019 level by 2021?", [table]);
    expect(d?.sentences[0]).toEqual({
      text: "Ride revenue (2019): $ 10,707; 2021: $ 6,953, a change of -3,754 (-35.06%)",
      cites: ["S1"],
    });
    expect(d?.short_answer).toBe("-3,754");
  });

  it("never takes a column that names two years (a change already) as one side", () => {
    const d = composeChange("How did ride revenue change from 2020 to 2021?", [table]);
    expect(d?.sentences[0]?.text).toBe(
      "Ride revenue (2020): $ 6,089; 2021: $ 6,953, a change of +864 (+14.19%)",
    );
  });

  it("runs the change forward in time whichever year the question names first", () => {
    const d = composeChange("Was total revenue in 2021 higher than in 2019?", [table]);
    expect(d?.sentences[0]?.text).toBe(
      "Total revenue (2019): $ 13,000; 2021: $ 17,455, a change of +4,455 (+34.27%)",
    );
  });

  it("declines when the question names no row of the table, or not two periods", () => {
    expect(composeChange("How did office headcount change from 2019 to 2021?", [table])).toBeNull();
    expect(composeChange("What was ride revenue in 2021?", [table])).toBeNull();
    expect(composeChange("How did ride revenue change from 2018 to 2021?", [table])).toBeNull();
  });
});
