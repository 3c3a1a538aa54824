import { describe, expect, it } from "vitest";
import { evidence } from "./test-evidence.js";
import { supportScore, verifyDraft } from "./verify-answer.js";

const passage =
  "Google paid $26.3 billion in 2021 to be the default search engine on Apple and Samsung devices.";

describe("supportScore", () => {
  it("is high for a sentence the passage states and low when a number or name differs", () => {
    expect(
      supportScore("Google paid $26.3 billion in 2021 to be the default search engine.", passage).score,
    ).toBeGreaterThan(0.9);
    const wrongNumber = supportScore(
      "Google paid $18 billion in 2021 to be the default search engine.",
      passage,
    );
    expect(wrongNumber.numeric).toBe(0.5); // 2021 is stated, 18 is not
    expect(wrongNumber.score).toBeLessThan(0.9);
    const wrongName = supportScore("Microsoft paid Mozilla to be the default search engine.", passage);
    expect(wrongName.entity).toBe(0);
    expect(supportScore("The weather was mild in Paris.", passage).score).toBeLessThan(0.3);
  });
});

describe("verifyDraft", () => {
  const ev = [evidence("S1", "Unrelated text about Paris weather in October."), evidence("S2", passage)];

  it("keeps supported sentences, re-cites misattributed ones and drops unsupported ones", () => {
    const { draft, report } = verifyDraft(
      {
        not_found: false,
        sentences: [
          { text: "Google paid $26.3 billion in 2021 to be the default search engine.", cites: ["S2"] },
          { text: "Google was the default search engine on Apple and Samsung devices.", cites: ["S1"] },
          { text: "Bing paid Apple $5 billion in 2019.", cites: ["S2"] },
        ],
      },
      ev,
    );
    expect(report.checks.map((c) => c.verdict)).toEqual(["supported", "revised", "dropped"]);
    expect(report).toMatchObject({ sentences: 3, supported: 2, dropped: 1 });
    expect(draft.sentences.map((s) => s.cites)).toEqual([["S2"], ["S2"]]);
    expect(draft.not_found).toBe(false);
  });

  it("turns an answer with no supported sentence into not found", () => {
    const { draft, report } = verifyDraft(
      { not_found: false, sentences: [{ text: "Bing paid Apple $5 billion in 2019.", cites: ["S1"] }] },
      ev,
    );
    expect(draft.not_found).toBe(true);
    expect(report.dropped).toBe(1);
  });
});
