import { describe, expect, it } from "vitest";
import { answerCandidates } from "./answer-candidates.js";
import { composeOptionChoice, resolvedOptions } from "./compose-option-choice.js";
import { readerCues } from "./reader-evidence.js";
import { rankCandidates } from "./score-candidates.js";
import { evidence, titledEvidence as titled } from "./test-evidence.js";

const bands = [
  titled("S1", "Oak Band", "Oak Band is a rock band from Elmton. It has toured widely."),
  titled("S2", "Elm Band", "Elm Band is a rock band from Colora, formed by Ann Roe."),
  evidence("S3", "Ash Band is a folk band from Elmton."),
];

const choose = (question: string, ev = bands) => {
  const cues = readerCues(question, ev);
  return composeOptionChoice(question, ev, rankCandidates(answerCandidates(cues.expected, ev), cues));
};

describe("composeOptionChoice", () => {
  it("answers with the option whose own passage says most of the question", () => {
    const draft = choose("Which band was formed by Ann Roe, Oak Band or Elm Band?");
    expect(draft?.short_answer).toBe("Elm Band");
    expect(draft?.sentences[0]?.cites).toEqual(["S2"]);
  });

  it("answers one of the two by name when they have no passages of their own, never a third name", () => {
    const ev = [
      evidence("S1", "The dwellings at Oak Castle were built around 1100 by the Elm people."),
      evidence("S2", "Pine Hall hosts a memorial to the war dead."),
    ];
    expect(
      choose("Which was built first, the dwellings at Oak Castle or the war memorial in Pine Hall?", ev),
    ).toMatchObject({
      short_answer: "the dwellings at Oak Castle",
      sentences: [{ cites: ["S1"] }],
    });
  });

  it("answers nothing when no sentence about exactly one option states what is asked", () => {
    expect(choose("Which band was formed by Ann Roe, Oak Band or Fir Band?")).toBeNull();
    expect(choose("What was formed by Ann Roe?")).toBeNull();
  });

  it("answers nothing when no sentence about one option states what is asked, or no choice is asked", () => {
    expect(choose("Which band is deprecated, Oak Band or Elm Band?")).toBeNull();
    expect(choose("What is the difference between Oak Band and Elm Band?")).toBeNull();
  });

  it("splits no unpunctuated choice after a preposition or without a comparison", () => {
    expect(resolvedOptions("Who formed the label of Oak Band or Elm Band?", bands)).toBeNull();
    expect(resolvedOptions("Which is the older label of Oak Band or Elm Band?", bands)).toBeNull();
    expect(resolvedOptions("What happens when I play on Oak Band or Elm Band?", bands)).toBeNull();
  });

  it("takes no yardstick for a choice ('compared with A or B')", () => {
    expect(choose("Which band is the loudest, compared with Oak Band or Elm Band?")).toBeNull();
  });
});

describe("resolvedOptions", () => {
  it("splits an unpunctuated choice where a passage heads the first option, the longest such run", () => {
    const found = resolvedOptions("Which band tours more Oak Band or Elm Band?", bands);
    expect(found?.map((o) => o.name)).toEqual(["Oak Band", "Elm Band"]);
  });
});
