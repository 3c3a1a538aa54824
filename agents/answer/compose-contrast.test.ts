import { describe, expect, it } from "vitest";
import { composeContrast, parseContrast } from "./compose-contrast.js";
import { evidence } from "./test-evidence.js";

describe("composeContrast", () => {
  it("parses the two things of 'how does A differ from B'", () => {
    expect(parseContrast("How does Kim's FastVM differ from SlowVM according to the related work?")).toEqual({
      a: "Kim's FastVM",
      b: "SlowVM",
    });
    expect(parseContrast("How does caching work?")).toBeNull();
  });

  it("parses the same question in other words", () => {
    const sides = { a: "Kim's FastVM", b: "SlowVM" };
    expect(
      parseContrast("According to the related work, what distinguishes Kim's FastVM from SlowVM?"),
    ).toEqual(sides);
    expect(parseContrast("What sets Kim's FastVM apart from SlowVM?")).toEqual(sides);
    expect(parseContrast("In what way is Kim's FastVM different from SlowVM?")).toEqual(sides);
    expect(parseContrast("In what ways does Kim's FastVM differ from SlowVM per the paper?")).toEqual(sides);
    expect(parseContrast("What distinguishes a good cache?")).toBeNull();
    expect(parseContrast("What sets the timeout?")).toBeNull();
  });

  it("answers with the sentence about A that draws the contrast, after the one saying what A is", () => {
    const text =
      "Kim’s FastVM is a VM in development that uses tracing. The authors of FastVM say it has a similar design " +
      "to our system, but uses a less aggressive type speculation. SlowVM is older.";
    const draft = composeContrast("How does Kim's FastVM differ from SlowVM?", [evidence("S1", text)]);
    expect(draft?.sentences.map((s) => s.text)).toEqual([
      "Kim’s FastVM is a VM in development that uses tracing.",
      "The authors of FastVM say it has a similar design to our system, but uses a less aggressive type speculation.",
    ]);
  });

  it("gives nothing when no sentence about A draws a contrast", () => {
    const q = "How does Kim's FastVM differ from SlowVM?";
    expect(composeContrast(q, [evidence("S1", "FastVM is a VM in development.")])).toBeNull();
  });
});
