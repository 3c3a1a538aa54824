import { describe, expect, it } from "vitest";
import { asWritten } from "./as-written.js";

describe("asWritten", () => {
  const q = "Where was Orrin Vale born?";

  it("writes the question's names in a shown reason as the question writes them", () => {
    expect(asWritten("no passage names orrin vale", q, ["orrin vale"])).toBe("no passage names Orrin Vale");
  });

  it("leaves a name inside a longer word, and one the question does not say, alone", () => {
    expect(asWritten("orrin valeside; elm", q, ["orrin vale", "elm"])).toBe("orrin valeside; elm");
  });
});
