import { describe, expect, it } from "vitest";
import { recordFields, recordMismatch, tableRecords } from "./verify-record.js";

const table = [
  "Parameter | Options | Note",
  "text_model | qwen3 by default | Embedding preset used by graph_builder.",
  "builder | alpha_builder by default | Builder preset.",
].join("\n");

describe("recordMismatch", () => {
  it("reads a record sentence's labelled values", () => {
    expect(recordFields("In alpha: Parameter: builder; Options: 0x1::a by default [S1].")).toEqual(
      new Map([
        ["parameter", "builder"],
        ["options", "0x1::a by default"],
      ]),
    );
  });

  it("passes a row quoted whole, fails values taken from two rows", () => {
    const rows = [tableRecords(table)];
    expect(
      recordMismatch(
        "In alpha: Parameter: builder; Options: alpha_builder by default; Note: Builder preset.",
        rows,
      ),
    ).toBeNull();
    expect(recordMismatch("In alpha: Parameter: builder; Options: qwen3 by default.", rows)).toMatch(
      /not one row/,
    );
  });

  it("leaves sentences that are no record of the cited tables", () => {
    expect(recordMismatch("The builder is alpha_builder by default.", [tableRecords(table)])).toBeNull();
    expect(
      recordMismatch("Parameter: builder; Options: qwen3.", [tableRecords("Just prose here.")]),
    ).toBeNull();
  });
});
