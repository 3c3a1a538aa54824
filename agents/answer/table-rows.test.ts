import { describe, expect, it } from "vitest";
import { tableRows } from "./table-rows.js";

describe("tableRows", () => {
  it("reads a text table's rows as records labelled by the header", () => {
    const rows = tableRows(
      "Code | Meaning | Fix\nE_TOO_LONG | The name is longer than 32 characters. | Shorten it\nE_EMPTY | The name is empty. | N/A",
    );
    expect(rows.map((r) => r.statement)).toEqual([
      "Code: E_TOO_LONG; Meaning: The name is longer than 32 characters; Fix: Shorten it",
      "Code: E_EMPTY; Meaning: The name is empty; Fix: N/A",
    ]);
  });

  it("leaves numeric rows to the cell reader, and prose to the sentence reader", () => {
    expect(tableRows("Item | 2020 | 2021\nRevenue | 1,200 | 1,500")).toEqual([]);
    expect(tableRows("Just a sentence with no table.")).toEqual([]);
  });
});
