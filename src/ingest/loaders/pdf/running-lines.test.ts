import { describe, expect, it } from "vitest";
import { isPageNumber, runningKey } from "./running-lines.js";

describe("running header helpers", () => {
  it("knows bare page numbers", () => {
    for (const t of ["12", "- 12 -", "Page 12", "page 3 of 30", "12 / 30", "iv", "47698"]) {
      expect(isPageNumber(t), t).toBe(true);
    }
    for (const t of ["2021 Annual Report", "Item 7", "123456", "12.5%"])
      expect(isPageNumber(t), t).toBe(false);
  });

  it("masks digits so that a header matches itself on every page", () => {
    expect(runningKey("Federal Register / Vol. 85, No. 152 / 47699")).toBe(
      runningKey("Federal Register / Vol. 85, No. 152 / 47712"),
    );
    expect(runningKey("Contents  vii")).toBe(runningKey("Contents ix"));
    expect(runningKey("Chapter 2. Roles")).not.toBe(runningKey("Chapter 3. Rules"));
  });
});
