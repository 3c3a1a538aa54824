import { describe, expect, it } from "vitest";
import { hasLeader, joinLines, startsItem } from "./paragraphs.js";

describe("joinLines", () => {
  it("joins wrapped lines and removes word-break hyphens", () => {
    expect(joinLines(["The quick brown", "fox  jumps"])).toBe("The quick brown fox jumps");
    expect(joinLines(["an exam-", "ple of hyphenation"])).toBe("an example of hyphenation");
  });

  it("keeps hyphens of compounds the document writes with one, and dashes after digits", () => {
    expect(joinLines(["forward-", "looking statements"], new Set(["forward-looking"]))).toBe(
      "forward-looking statements",
    );
    expect(joinLines(["Boeing Model 737–", "8 airplanes"])).toBe("Boeing Model 737–8 airplanes");
    expect(joinLines(["see https://", "www.example.com"])).toBe("see https://www.example.com");
  });

  it("shortens table-of-contents dot leaders", () => {
    expect(joinLines(["Preface . . . . . . . . . . xi"])).toBe("Preface … xi");
    expect(hasLeader("Chapter 1. Securing data ........ 1")).toBe(true);
    expect(hasLeader("The end.")).toBe(false);
  });

  it("knows list item markers", () => {
    for (const t of ["• first", "(a) Comments Due Date", "1. Install", "– dash item", "(iv) fourth"]) {
      expect(startsItem(t), t).toBe(true);
    }
    for (const t of ["2020. The year", "737–8 airplanes", "In 2019 the"])
      expect(startsItem(t), t).toBe(false);
  });
});
