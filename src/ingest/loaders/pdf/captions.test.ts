import { describe, expect, it } from "vitest";
import { captionStart } from "./captions.js";

describe("captionStart", () => {
  it("recognises table and figure captions in their usual spellings", () => {
    expect(captionStart("Table 2-1 FUNCTION_USAGE view")).toEqual({ kind: "table", label: "Table 2-1" });
    expect(captionStart("TABLE 3")).toEqual({ kind: "table", label: "Table 3" });
    expect(captionStart("Table 4.2: Results per quarter")).toEqual({ kind: "table", label: "Table 4.2" });
    expect(captionStart("Figure 1. Sample program: sieve of Eratosthenes.")).toEqual({
      kind: "figure",
      label: "Figure 1",
    });
    expect(captionStart("Fig. 2 — Architecture")).toEqual({ kind: "figure", label: "Fig. 2" });
    expect(captionStart("Figure 3-10 Column masks shown in System i Navigator")?.label).toBe("Figure 3-10");
  });

  it("leaves running text that starts with a reference alone", () => {
    expect(captionStart("Table 2-2 shows a comparison of the different function usage IDs")).toBeUndefined();
    expect(captionStart("Figure 3 shows an example LIR trace.")).toBeUndefined();
    expect(captionStart("Table 3.1 Shows the results of the survey")).toBeUndefined();
    expect(captionStart("TABLE OF CONTENTS")).toBeUndefined();
    expect(captionStart("Tables are useful")).toBeUndefined();
    expect(captionStart("Exhibit 10.1 Amended and Restated Certificate")).toBeUndefined();
  });
});
