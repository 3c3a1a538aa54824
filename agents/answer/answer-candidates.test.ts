import { describe, expect, it } from "vitest";
import { answerCandidates } from "./answer-candidates.js";
import { expectedAnswer } from "./answer-type.js";
import { evidence } from "./test-evidence.js";

const quotes = (text: string) =>
  answerCandidates(expectedAnswer("How do I build the package?"), [evidence("S1", text)]).map((c) => c.quote);

describe("answerCandidates: a line that introduces a command", () => {
  it("reads the intro and the command under it as one statement, whatever the tool is called", () => {
    const text = "Build the package with the command below:\n\nacmectl pkg build --release --out dist";
    expect(quotes(text)).toContain(
      "Build the package with the command below: acmectl pkg build --release --out dist",
    );
  });

  it("keeps a prose line under the intro apart: it is no command", () => {
    const text = "Build the package with the command below:\n\nThe build takes a minute on most machines.";
    expect(quotes(text)).not.toContain(
      "Build the package with the command below: The build takes a minute on most machines.",
    );
  });
});

describe("answerCandidates: a period asked", () => {
  it("offers two years joined, not each year alone", () => {
    const ev = [evidence("S1", "Jo Vale managed Elm United from 1986 to 2013, winning the league in 1999.")];
    const spans = (q: string) =>
      answerCandidates(expectedAnswer(q), ev).flatMap((c) => (c.span ? [c.span] : []));
    expect(spans("Jo Vale managed Elm United during what timeframe?")).toEqual(["from 1986 to 2013"]);
    expect(spans("In which year did Elm United win the league?")).toContain("1999");
  });
});
