import { describe, expect, it } from "vitest";
import { decodeEdge } from "./rows.js";

const row = {
  src: "a",
  type: "MENTIONED_IN",
  dst: "b",
  section_id: "s",
  doc_id: "d",
  props: '{"weight":2}',
};

describe("decodeEdge", () => {
  it("parses the row's props JSON into the edge", () => {
    expect(decodeEdge(row)).toEqual({ ...row, props: { weight: 2 } });
  });

  it("rejects rows that are not edges", () => {
    expect(() => decodeEdge({ ...row, props: 7 })).toThrow();
    expect(() => decodeEdge({ ...row, props: "[1]" })).toThrow();
    expect(() => decodeEdge({ ...row, type: "NOT_A_TYPE" })).toThrow();
    expect(() => decodeEdge({ ...row, doc_id: 3 })).toThrow();
    expect(() => decodeEdge(null)).toThrow();
  });
});
