import { describe, expect, it } from "vitest";
import { englishWords, isEnglish } from "./english-words.js";

describe("isEnglish", async () => {
  const words = await englishWords();
  it("knows English words with their inflections, prefixed ones and apostrophe-less contractions", () => {
    for (const w of ["bought", "cheapest", "stolen", "precompiled", "didnt", "doesnt", "whats"])
      expect(isEnglish(w, words)).toBe(true);
  });
  it("takes a word one slip from an English one for a typo of it, not a name", () => {
    for (const w of ["recieve", "seperate", "goodwil"]) expect(isEnglish(w, words)).toBe(true);
  });
  it("does not know names and codes, even where a short prefix would make one look English", () => {
    for (const w of ["neo4j", "pwc", "zorvex", "claude", "redis"]) expect(isEnglish(w, words)).toBe(false);
  });
});
