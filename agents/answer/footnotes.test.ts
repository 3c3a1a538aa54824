import { describe, expect, it } from "vitest";
import { inlineFootnotes } from "./footnotes.js";

describe("inlineFootnotes", () => {
  it("puts a note's text where its marker calls it", () => {
    const text =
      "Gaps greater than a certain threshold 13 would raise an alert.\n\n13 More than 10 degrees for 10 seconds.";
    expect(inlineFootnotes(text).split("\n")[0]).toBe(
      "Gaps greater than a certain threshold (More than 10 degrees for 10 seconds) would raise an alert.",
    );
  });

  it("leaves numbers that have no note, and passages without notes", () => {
    const text = "The crew rested for 13 days before the flight.\n\n12 Another note.";
    expect(inlineFootnotes(text)).toBe(text);
    const opening = "13 Days is a film about a crisis.\nIt ran for 13 days in cinemas.";
    expect(inlineFootnotes(opening)).toBe(opening);
    const plain = "It ran for 13 days.";
    expect(inlineFootnotes(plain)).toBe(plain);
  });
});
