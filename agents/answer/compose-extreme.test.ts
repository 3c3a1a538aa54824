import { describe, expect, it } from "vitest";
import { composeExtreme } from "./compose-extreme.js";
import { evidence } from "./test-evidence.js";

const table = evidence(
  "S1",
  [
    " | 2019 | 2020 | 2021",
    "Revenue | 13,000 | 11,139 | 17,455",
    "Purchases of property and equipment | (588) | (616) | (298)",
  ].join("\n"),
);

describe("composeExtreme", () => {
  it("names the column whose amount is largest in the row the question names, stating the row", () => {
    const d = composeExtreme(
      "In which year did the company spend the most on purchases of property and equipment?",
      [table],
    );
    expect(d?.short_answer).toBe("2020");
    expect(d?.sentences[0]).toEqual({
      text: "2020: Purchases of property and equipment (2019): (588); (2020): (616); (2021): (298).",
      cites: ["S1"],
    });
    expect(composeExtreme("In which year was revenue lowest?", [table])?.short_answer).toBe("2020");
  });

  it("reads the row's own label, not the group heading it sits under", () => {
    const grouped = evidence(
      "S2",
      [
        " | 2019 | 2020 | 2021",
        "Cash flows from investing activities: |  |  | ",
        "Purchases of property and equipment | (588) | (616) | (298)",
      ].join("\n"),
    );
    const d = composeExtreme("Which year had the largest purchases of property and equipment?", [grouped]);
    expect(d?.short_answer).toBe("2020");
  });

  it("declines when no row says what is asked, or the question is no superlative", () => {
    expect(composeExtreme("In which year were marketing costs highest?", [table])).toBeNull();
    expect(composeExtreme("What was revenue in 2021?", [table])).toBeNull();
  });
});
