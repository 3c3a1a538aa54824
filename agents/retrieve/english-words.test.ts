import { describe, expect, it } from "vitest";
import { isEnglishWord } from "./english-words.js";

describe("isEnglishWord", () => {
  it("knows English words with their inflections, and prefixed ones", () => {
    for (const w of ["bought", "cheapest", "stolen", "precompiled", "multithreaded"])
      expect(isEnglishWord(w)).toBe(true);
  });
  it("does not know names and codes", () => {
    for (const w of ["neo4j", "pwc", "zorvex", "claude"]) expect(isEnglishWord(w)).toBe(false);
  });
});
