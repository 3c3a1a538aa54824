import { describe, expect, it } from "vitest";
import { groundedShortAnswer, parseCitedAnswer } from "./cited-text.js";

const SIDS = new Set(["S1", "S2"]);

describe("parseCitedAnswer", () => {
  it("keeps sentences that end with valid [S#] markers, before or after the full stop", () => {
    const p = parseCitedAnswer("Boso was a Frankish nobleman [S1]. He was count of Arles. [S2][S1]", SIDS);
    expect(p.draft).toEqual({
      not_found: false,
      short_answer: null,
      sentences: [
        { text: "Boso was a Frankish nobleman.", cites: ["S1"] },
        { text: "He was count of Arles.", cites: ["S2", "S1"] },
      ],
    });
    expect(p).toMatchObject({ dropped: 0, over_limit: 0, refused: false, short_candidate: null });
  });

  it("drops uncited sentences, unknown cites and trailing text", () => {
    const p = parseCitedAnswer("Uncited claim. Cited claim [S1]. Bad cite [S9]. Tail without marker.", SIDS);
    expect(p.draft.sentences).toEqual([{ text: "Cited claim.", cites: ["S1"] }]);
    expect(p.dropped).toBe(3);
  });

  it("keeps the direct answer and at most two supporting sentences", () => {
    const p = parseCitedAnswer("A is 1 [S1]. B is 2 [S2]. C is 3 [S1]. D is 4 [S2].", SIDS);
    expect(p.draft.sentences.map((s) => s.text)).toEqual(["A is 1.", "B is 2.", "C is 3."]);
    expect(p.over_limit).toBe(1);
  });

  it("reads the exact not-found phrase as a refusal", () => {
    const p = parseCitedAnswer("Not found in the indexed documents.", SIDS);
    expect(p).toEqual({
      draft: { sentences: [], not_found: true, short_answer: null },
      dropped: 0,
      over_limit: 0,
      said_not_found: true,
      refused: true,
      short_candidate: null,
    });
  });

  it("a reply that opens with the refusal is not found even when cited text follows", () => {
    const p = parseCitedAnswer(
      "Не найдено в проиндексированных документах. But Boso was a count [S1].",
      SIDS,
    );
    expect(p.draft).toEqual({ sentences: [], not_found: true, short_answer: null });
    expect(p).toMatchObject({ refused: true, dropped: 1 });
    // The phrase after a cited answer is not a refusal: the cited sentence stands.
    const late = parseCitedAnswer("Boso was a count [S1]. Not found in the indexed documents.", SIDS);
    expect(late.draft.sentences).toEqual([{ text: "Boso was a count.", cites: ["S1"] }]);
    expect(late).toMatchObject({ refused: false, said_not_found: true, dropped: 0 });
  });

  it("an answer with no valid citation at all is not found", () => {
    const p = parseCitedAnswer("I think it is Paris.", SIDS);
    expect(p.draft.not_found).toBe(true);
    expect(p.said_not_found).toBe(false);
    expect(p.dropped).toBe(1);
  });

  it("takes the Short answer line out of the answer and keeps its text as a candidate", () => {
    const p = parseCitedAnswer("Boso died in 855 [S1].\nShort answer: 855", SIDS);
    expect(p.draft.sentences).toEqual([{ text: "Boso died in 855.", cites: ["S1"] }]);
    expect(p).toMatchObject({ dropped: 0, short_candidate: "855" });
    expect(parseCitedAnswer("**Краткий ответ:** 855\nБосо умер в 855 [S1].", SIDS).short_candidate).toBe(
      "855",
    );
  });
});

describe("groundedShortAnswer", () => {
  const evidence = [
    { sid: "S1", text: "Boso the Elder (died 855) was a Frankish\nnobleman." },
    { sid: "S2", text: "Revenue was $8,420 million in 2021." },
  ];
  const cites1 = [{ text: "Boso died in 855.", cites: ["S1"] }];

  it("keeps a short span a cited passage states word for word", () => {
    expect(groundedShortAnswer("855.", cites1, evidence)).toBe("855");
    expect(groundedShortAnswer('"Frankish  Nobleman" [S1]', cites1, evidence)).toBe("Frankish  Nobleman");
  });

  it("refuses spans the cited passages do not state, partial words, sentences and not-found", () => {
    expect(groundedShortAnswer("$8,420 million", cites1, evidence)).toBeNull(); // S2 is not cited
    expect(groundedShortAnswer("$8,420 million", [{ text: "x", cites: ["S2"] }], evidence)).toBe(
      "$8,420 million",
    );
    expect(groundedShortAnswer("55", cites1, evidence)).toBeNull();
    expect(groundedShortAnswer("PWNED", cites1, evidence)).toBeNull();
    expect(
      groundedShortAnswer("Boso the Elder (died 855) was a Frankish nobleman of the old realm", cites1, [
        { sid: "S1", text: "Boso the Elder (died 855) was a Frankish nobleman of the old realm." },
      ]),
    ).toBeNull(); // more than ten words: a sentence, not a span
    expect(groundedShortAnswer("Not found in the indexed documents", cites1, evidence)).toBeNull();
    expect(groundedShortAnswer(null, cites1, evidence)).toBeNull();
  });
});
