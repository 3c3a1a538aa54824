import { describe, expect, it } from "vitest";
import { splitSentences } from "../text.js";
import { readSentence } from "./verify-read.js";
import { cellMismatch, readPassage } from "./verify-table.js";

const TABLE = [
  "| As of December 31, 2020 | As of December 31, 2021",
  "Assets |  | ",
  "Intangible assets, net | 1,564 | 2,412",
  "Goodwill | 6,109 | 8,420",
].join("\n");

const GROUPED = [
  "| Balance at |  |  | Balance at",
  " | Beginning of |  |  | End of",
  " | Period | Additions | Deductions | Period",
  "Year Ended December 31, 2020 |  |  |  | ",
  "Insurance reserves | $ 3,418 | $ 950 | $ (902) | $ 3,466",
  "Year Ended December 31, 2021 |  |  |  | ",
  "Insurance reserves | $ 3,466 | $ 1,696 | $ (1,174) | $ 3,988",
].join("\n");

/** Why each cell holding the sentence's first amount does not state it (null: it does). */
function verdicts(table: string, sentence: string): Array<string | null> {
  const facts = readPassage(table, splitSentences);
  const s = readSentence({ text: sentence, cites: ["S1"] });
  const said = s.amounts[0];
  if (!said) throw new Error("no amount");
  return facts.cells.filter((c) => c.q.value === said.value).map((c) => cellMismatch(c, said, s));
}

describe("readPassage", () => {
  it("reads cells with their row label, column header and years; labels and headers are free", () => {
    const facts = readPassage(TABLE, splitSentences);
    const goodwill = facts.cells.find((c) => c.q.value === 8420);
    expect([...(goodwill?.label ?? [])]).toEqual(["goodwil"]);
    expect([...(goodwill?.years ?? [])]).toEqual(["2021"]);
    expect(facts.free.map((q) => q.value)).toEqual([31, 2020, 31, 2021]);
    expect(facts.units).toContain("Goodwill | 6,109 | 8,420");
  });

  it("a label row with no values dates the rows below it", () => {
    const facts = readPassage(GROUPED, splitSentences);
    const end2021 = facts.cells.find((c) => c.q.value === 3988);
    expect([...(end2021?.years ?? [])]).toEqual(["2021"]);
    expect([...(end2021?.header ?? [])]).toEqual(expect.arrayContaining(["balanc", "end", "period"]));
  });
});

describe("cellMismatch", () => {
  it("passes the value under its row label and column, as a sentence or as label (column): value", () => {
    expect(verdicts(TABLE, "Goodwill was $8,420 million in 2021.")).toEqual([null]);
    expect(verdicts(TABLE, "Goodwill (2021): 8,420.")).toEqual([null]);
    expect(verdicts(TABLE, "Goodwill was 8,420 as of December 31, 2021.")).toEqual([null]);
    expect(verdicts(GROUPED, "Insurance reserves ended 2021 at a balance of $3,988 million.")).toEqual([
      null,
    ]);
  });

  it("fails a wrong column's value, a wrong row's value, and a value from the wrong group", () => {
    expect(verdicts(TABLE, "Goodwill was $6,109 million in 2021.")[0]).toMatch(/2020 figure, not 2021/);
    expect(verdicts(TABLE, "Goodwill (2021): 6,109.")[0]).toMatch(/2020 figure/);
    expect(verdicts(TABLE, "Intangible assets were $8,420 million in 2021.")[0]).toMatch(/row whose label/);
    // 3,466 is both the 2020 ending balance and the 2021 opening balance: neither is the 2021 ending one.
    const both = verdicts(GROUPED, "Insurance reserves had an ending balance of $3,466 million for 2021.");
    expect(both).toHaveLength(2);
    expect(both.every((v) => v !== null)).toBe(true);
  });

  it("pairs each year with its nearest value, and 'respectively' with any", () => {
    expect(verdicts(TABLE, "Goodwill rose from $6,109 million in 2020 to $8,420 million in 2021.")).toEqual([
      null,
    ]);
    expect(
      verdicts(TABLE, "Goodwill was $6,109 million and $8,420 million in 2020 and 2021, respectively."),
    ).toEqual([null]);
  });
});
