import { describe, expect, it } from "vitest";
import { parseCitedAnswer } from "./cited-text.js";

const SIDS = new Set(["S1", "S2"]);

describe("parseCitedAnswer", () => {
  it("keeps sentences that end with valid [S#] markers, before or after the full stop", () => {
    const p = parseCitedAnswer("Boso was a Frankish nobleman [S1]. He was count of Arles. [S2][S1]", SIDS);
    expect(p.draft).toEqual({
      not_found: false,
      sentences: [
        { text: "Boso was a Frankish nobleman.", cites: ["S1"] },
        { text: "He was count of Arles.", cites: ["S2", "S1"] },
      ],
    });
    expect(p.dropped).toBe(0);
  });

  it("drops uncited sentences, unknown cites and trailing text", () => {
    const p = parseCitedAnswer("Uncited claim. Cited claim [S1]. Bad cite [S9]. Tail without marker.", SIDS);
    expect(p.draft.sentences).toEqual([{ text: "Cited claim.", cites: ["S1"] }]);
    expect(p.dropped).toBe(3);
  });

  it("reads the exact not-found phrase as not found", () => {
    const p = parseCitedAnswer("Not found in the indexed documents.", SIDS);
    expect(p).toEqual({ draft: { sentences: [], not_found: true }, dropped: 0, said_not_found: true });
  });

  it("an answer with no valid citation at all is not found", () => {
    const p = parseCitedAnswer("I think it is Paris.", SIDS);
    expect(p.draft.not_found).toBe(true);
    expect(p.said_not_found).toBe(false);
    expect(p.dropped).toBe(1);
  });
});
