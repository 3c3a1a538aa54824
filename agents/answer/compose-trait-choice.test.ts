import { describe, expect, it } from "vitest";
import { composeTraitChoice } from "./compose-trait-choice.js";
import { titledEvidence as titled } from "./test-evidence.js";

const passages = [
  titled(
    "S1",
    "Ann Lee",
    "Ann Lee is a painter. She has advised the Harbour Museum on its collection since 2004.",
  ),
  titled("S2", "Bo Chen", "Bo Chen is a painter and sculptor from Leeds. He teaches drawing."),
  titled("S3", "Cy Moss", "Cy Moss is a painter."),
];

describe("composeTraitChoice", () => {
  it("picks the option whose own passage states the trait, quoting that passage", () => {
    const draft = composeTraitChoice(
      "Which painter advised the Harbour Museum, Ann Lee or Bo Chen?",
      passages,
    );
    expect(draft?.short_answer).toBe("Ann Lee");
    expect(draft?.sentences).toEqual([
      { text: "Ann Lee: She has advised the Harbour Museum on its collection since 2004.", cites: ["S1"] },
    ]);
    const other = composeTraitChoice("Which painter is also a sculptor, Ann Lee or Bo Chen?", passages);
    expect(other?.short_answer).toBe("Bo Chen");
  });

  it("does not answer when both passages state the trait as much, or one option has no passage", () => {
    expect(composeTraitChoice("Which one is a painter, Ann Lee or Cy Moss?", passages)).toBeNull();
    expect(
      composeTraitChoice("Which painter advised the Harbour Museum, Ann Lee or Di Roe?", passages),
    ).toBeNull();
  });

  it("leaves comparisons of degree and negated traits alone, though one passage states more of the words", () => {
    // Without "more" and "not" these pick Ann Lee (she advised the museum).
    expect(
      composeTraitChoice("Which painter advised the Harbour Museum, Ann Lee or Bo Chen?", passages),
    ).not.toBeNull();
    expect(
      composeTraitChoice("Which painter advised the Harbour Museum more, Ann Lee or Bo Chen?", passages),
    ).toBeNull();
    expect(
      composeTraitChoice("Which painter has not advised the Harbour Museum, Ann Lee or Bo Chen?", passages),
    ).toBeNull();
  });

  it("counts the trait's words within one sentence, not across the passage", () => {
    const spread = [
      titled("S1", "Oak", "Oak is a magazine. It is based in Leeds. Its owner lives in York."),
      titled("S2", "Elm", "Elm is a magazine based in York."),
    ];
    expect(composeTraitChoice("Which magazine is based in York, Oak or Elm?", spread)?.short_answer).toBe(
      "Elm",
    );
  });
});
