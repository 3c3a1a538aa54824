import { describe, expect, it } from "vitest";
import { saysQuarter } from "./quarter-name.js";

describe("saysQuarter", () => {
  it("reads Q4 as the fourth quarter or the three months ended December 31", () => {
    expect(saysQuarter("for the three months ended december 31, 2021, users took 12 trips", "q4")).toBe(true);
    expect(saysQuarter("revenue in the fourth quarter rose", "q4")).toBe(true);
    expect(saysQuarter("revenue in the fourth quarter rose", "4q")).toBe(true);
  });
  it("not another quarter, nor a name that is no quarter", () => {
    expect(saysQuarter("for the three months ended march 31, 2021", "q4")).toBe(false);
    expect(saysQuarter("for the three months ended march 31, 2021", "q1")).toBe(true);
    expect(saysQuarter("the fourth quarter", "q5")).toBe(false);
    expect(saysQuarter("the fourth quarter", "acme")).toBe(false);
  });
});
