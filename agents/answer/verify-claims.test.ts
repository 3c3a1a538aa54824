import { describe, expect, it } from "vitest";
import type { Triplet } from "../../tools/tool-result.js";
import { answerContradictions, claimContradictions, contradictionNote } from "./verify-claims.js";

const fact = (object: string, extra: Partial<Triplet> = {}): Triplet => ({
  subject: "Alice Smith",
  predicate: "ceo of",
  object,
  relation_id: `rel:${object.toLowerCase()}`,
  chunk_id: "chk:s4",
  evidence: "",
  hops: 0,
  ...extra,
});
const sidOf = (chunk: string) => (chunk === "chk:s4" ? "S4" : undefined);

describe("claimContradictions", () => {
  it("reports a sentence naming another object for a fact's subject and predicate, with both sources", () => {
    const out = claimContradictions(
      [{ text: "Alice Smith was CEO of Globex in 2021 [S1].", cites: ["S1"] }],
      [fact("Acme", { valid_from: "2020-01-01" })],
      sidOf,
    );
    expect(out).toEqual([
      {
        subject: "Alice Smith",
        predicate: "ceo of",
        objects: ["Globex", "Acme"],
        relation_ids: ["rel:acme"],
        sources: [
          { object: "Globex", cites: ["S1"] },
          { object: "Acme", cites: ["S4"] },
        ],
        claim: "Alice Smith was CEO of Globex in 2021.",
      },
    ]);
  });

  it("ignores agreeing sentences, other periods, multi-valued predicates and sentences without the predicate", () => {
    const s = (text: string) => [{ text, cites: ["S1"] }];
    expect(claimContradictions(s("Alice Smith was CEO of Acme."), [fact("Acme")], sidOf)).toEqual([]);
    expect(
      claimContradictions(
        s("Alice Smith was CEO of Globex in 2015."),
        [fact("Acme", { valid_from: "2020-01-01" })],
        sidOf,
      ),
    ).toEqual([]);
    expect(
      claimContradictions(
        s("Alice Smith partners with Globex."),
        [fact("Acme", { predicate: "partners with" })],
        sidOf,
      ),
    ).toEqual([]);
    expect(claimContradictions(s("Alice Smith visited Globex."), [fact("Acme")], sidOf)).toEqual([]);
  });

  it("reads a fact's accented names where the sentence writes them plainly, at the right place", () => {
    const s = (text: string) => [{ text, cites: ["S1"] }];
    const club = (object: string) => fact(object, { subject: "Zürich Rowing Club", predicate: "coached by" });
    // The club is named after the coach: no claim about the club's coach.
    const later = "In 1990 the Paris club was coached by Ann Roe, who later joined the Zurich Rowing Club.";
    expect(claimContradictions(s(later), [club("Bo Lin")], sidOf)).toEqual([]);
    expect(
      claimContradictions(s("The Zurich Rowing Club was coached by Bo Lin."), [club("Bo Lin")], sidOf),
    ).toEqual([]);
    expect(
      claimContradictions(s("The Zurich Rowing Club was coached by Ann Roe."), [club("Bo Lin")], sidOf).map(
        (c) => c.objects,
      ),
    ).toEqual([["Ann Roe", "Bo Lin"]]);
  });
});

describe("contradictionNote", () => {
  const c = {
    subject: "Alice Smith",
    predicate: "ceo of",
    objects: ["Globex", "Acme"],
    relation_ids: ["rel:acme"],
    sources: [
      { object: "Globex", cites: ["S1"] },
      { object: "Acme", cites: ["S4"] },
    ],
  };

  it("cites both sides, in the answer's language, and is empty with nothing to say", () => {
    expect(contradictionNote([c], "en")).toBe(
      "Note: the sources disagree (Alice Smith ceo of: Globex [S1] vs Acme [S4]).",
    );
    expect(contradictionNote([c], "ru")).toMatch(
      /^Примечание: источники расходятся .*Globex \[S1\] или Acme \[S4\]/,
    );
    expect(contradictionNote([], "en")).toBe("");
  });

  it("shows the answer's own clashes and the facts' about a subject the answer names", () => {
    const claim = { ...c, claim: "Alice Smith was CEO of Globex." };
    const other = { ...c, subject: "Bob Jones" };
    expect(answerContradictions([claim, c, other], "Alice Smith leads Globex. [S1]")).toEqual([claim, c]);
  });
});
