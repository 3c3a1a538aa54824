import { describe, expect, it } from "vitest";
import { evidence as ev } from "../answer/test-evidence.js";
import { applyJudge } from "./llm-verifier.js";

describe("applyJudge", () => {
  it("the judge keeps or drops the sentences it judged; the others keep the lexical verdict", () => {
    const evidence = [ev("S1", "Boso the Elder was a Frankish nobleman.")];
    const sentences = [
      { text: "Boso the Elder was a Frankish nobleman.", cites: ["S1"] },
      { text: "Boso was born on the Moon in 1999.", cites: ["S1"] },
      { text: "Boso the Elder was a Frankish nobleman.", cites: ["S1"] },
    ];
    const v = applyJudge(
      sentences,
      evidence,
      new Map([
        [1, true],
        [2, false],
      ]),
      false,
    );
    expect(v.report.checks.map((c) => c.verdict)).toEqual(["supported", "supported", "dropped"]);
    expect(v.report).toMatchObject({ sentences: 3, supported: 2, dropped: 1 });
    expect(v.draft.sentences).toEqual(sentences.slice(0, 2));
    expect(applyJudge(sentences.slice(2), evidence, new Map([[0, false]]), false).draft.not_found).toBe(true);
  });
});
