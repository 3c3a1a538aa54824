import { describe, expect, it } from "vitest";
import { isTableText, tableCells } from "./table-cells.js";

const BALANCE = [
  "| As of December 31, 2020 | As of December 31, 2021",
  "Assets |  | ",
  "Cash and cash equivalents | $ 5,647 | $ 4,295",
  "Goodwill | 6,109 | 8,420",
  "Total assets | $ 33,252 | $ 38,774",
].join("\n");

describe("tableCells", () => {
  it("addresses every value by row label and column header", () => {
    const cells = tableCells(BALANCE);
    const goodwill = cells.filter((c) => c.row.endsWith("Goodwill"));
    expect(goodwill.map((c) => [c.column, c.value])).toEqual([
      ["As of December 31, 2020", "6,109"],
      ["As of December 31, 2021", "8,420"],
    ]);
  });

  it("a label row with no values heads the rows under it", () => {
    expect(tableCells(BALANCE).find((c) => c.value === "$ 4,295")?.row).toBe(
      "Assets: Cash and cash equivalents",
    );
  });

  it("aligns a header shorter than the row from the right", () => {
    const cells = tableCells(" | 2019 | 2020 | 2021\nDelivery | 1,401 | 3,904 | 8,362");
    expect(cells.find((c) => c.value === "3,904")?.column).toBe("2020");
  });

  it("reads a second header row that mixes years and words, and keeps a labelled row of data as data", () => {
    const debt = [
      "|  | As of December 31, |  | ",
      " | 2020 | 2021 | Effective Interest Rates | Maturities",
      "2026 Senior Note | 1,500 | 1,500 | 8.1 % | November 1, 2026",
    ].join("\n");
    expect(tableCells(debt).find((c) => c.value === "8.1 %")?.column).toBe("Effective Interest Rates");
    const labelled = tableCells(
      " | 2020 | 2021 | Note\nOpened in | 1998 | 2004 | see below\nStores | 12 | 14 | 3",
    );
    expect(labelled.find((c) => c.value === "1998")?.row).toBe("Opened in");
  });

  it("prose is not a table", () => {
    expect(isTableText("One sentence.\nAnother sentence without cells.")).toBe(false);
    expect(isTableText(BALANCE)).toBe(true);
    expect(tableCells("No cells here at all.")).toEqual([]);
  });
});
