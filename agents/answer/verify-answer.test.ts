import { describe, expect, it } from "vitest";
import { evidence } from "./test-evidence.js";
import { checkCited, holderOf, SUPPORT_THRESHOLD, supportScore, verifyDraft } from "./verify-answer.js";

const passage =
  "Google paid $26.3 billion in 2021 to be the default search engine on Apple and Samsung devices.";

describe("supportScore", () => {
  it("is at least the threshold for a sentence the passage states, below it when a number or name differs", () => {
    const same = supportScore("Google paid $26.3 billion in 2021 to be the default search engine.", passage);
    expect(same.score).toBeGreaterThan(0.9);
    expect(same.reasons).toEqual([]);
    const wrongNumber = supportScore(
      "Google paid $18 billion in 2021 to be the default search engine.",
      passage,
    );
    expect(wrongNumber.numeric).toBe(0.5); // 2021 is stated, 18 is not
    expect(wrongNumber.score).toBeLessThan(SUPPORT_THRESHOLD);
    const wrongName = supportScore("Microsoft paid Mozilla to be the default search engine.", passage);
    expect(wrongName.entity).toBe(0);
    expect(wrongName.score).toBeLessThan(SUPPORT_THRESHOLD);
    expect(supportScore("The weather was mild in Paris.", passage).score).toBeLessThan(0.3);
  });

  it("can fail a sentence every word of which the passage has (the old score read 1.0 here)", () => {
    const flipped = supportScore(
      "Google never paid $26.3 billion to be the default search engine on Apple devices.",
      passage,
    );
    expect(flipped).toMatchObject({ lexical: 1, numeric: 1, entity: 1 });
    expect(flipped.score).toBeLessThan(SUPPORT_THRESHOLD);
  });
});

describe("verifyDraft", () => {
  const ev = [evidence("S1", "Unrelated text about Paris weather in October."), evidence("S2", passage)];

  it("checkCited gives one sentence's verdict and reasons against its own citations only", () => {
    const text = "Google paid $26.3 billion in 2021 to be the default search engine.";
    expect(checkCited({ text, cites: ["S2"] }, ev)).toMatchObject({ ok: true, reasons: [] });
    expect(checkCited({ text, cites: ["S1"] }, ev)).toMatchObject({ ok: false });
    expect(checkCited({ text, cites: ["S1"] }, ev).reasons.join()).toMatch(
      /\$26\.3 is not in the cited evidence/,
    );
  });

  it("keeps supported sentences, re-cites misattributed ones and drops unsupported ones, saying why", () => {
    const { draft, report } = verifyDraft(
      {
        not_found: false,
        sentences: [
          { text: "Google paid $26.3 billion in 2021 to be the default search engine.", cites: ["S2"] },
          { text: "Google was the default search engine on Apple and Samsung devices [S1].", cites: ["S1"] },
          { text: "Bing paid Apple $5 billion in 2019.", cites: ["S2"] },
        ],
      },
      ev,
    );
    expect(report.checks.map((c) => c.verdict)).toEqual(["supported", "revised", "dropped"]);
    expect(report).toMatchObject({ sentences: 3, supported: 2, dropped: 1 });
    expect(report.checks[2]?.reasons).toEqual(
      expect.arrayContaining([expect.stringMatching(/\$5 is not in the cited evidence/)]),
    );
    // The revised sentence loses its old inline marker and cites the passage that states it.
    expect(draft.sentences[1]).toEqual({
      text: "Google was the default search engine on Apple and Samsung devices.",
      cites: ["S2"],
    });
    expect(draft.not_found).toBe(false);
  });

  it("turns an answer with no supported sentence into not found, and its short answer into null", () => {
    const { draft, report } = verifyDraft(
      {
        not_found: false,
        sentences: [{ text: "Bing paid Apple $5 billion in 2019.", cites: ["S1"] }],
        short_answer: "$5 billion",
      },
      ev,
    );
    expect(draft).toEqual({ sentences: [], not_found: true, short_answer: null });
    expect(report.dropped).toBe(1);
  });

  it("keeps the short answer while the sentence holding it survives", () => {
    const sentences = [
      { text: "Google paid $26.3 billion in 2021.", cites: ["S2"] },
      { text: "Bing paid Apple $5 billion in 2019.", cites: ["S2"] },
    ];
    const kept = verifyDraft({ not_found: false, sentences, short_answer: "$26.3 billion" }, ev);
    expect(kept.draft.short_answer).toBe("$26.3 billion");
    const lost = verifyDraft({ not_found: false, sentences, short_answer: "$5 billion" }, ev);
    expect(lost.draft).toMatchObject({ not_found: false, short_answer: null });
    // A draft without the field keeps not having it.
    expect("short_answer" in verifyDraft({ not_found: false, sentences }, ev).draft).toBe(false);
  });

  it("finds the sentence holding a short answer, else takes the opening sentence", () => {
    const s = [
      { text: "It was $26.3 billion.", cites: ["S2"] },
      { text: "Google paid  $5 BILLION.", cites: ["S2"] },
    ];
    expect(holderOf("$5 billion", s)).toBe(1);
    expect(holderOf("26.3 bn", s)).toBe(0);
    expect(holderOf(null, s)).toBe(-1);
  });
});
