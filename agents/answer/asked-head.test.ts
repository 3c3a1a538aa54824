import { describe, expect, it } from "vitest";
import { answerCandidates } from "./answer-candidates.js";
import { expectedAnswer } from "./answer-type.js";
import { askedHead, headFit } from "./asked-head.js";
import { readAnswer } from "./compose-answer.js";
import { questionCues } from "./question-cues.js";
import { readerTerms } from "./reader-terms.js";
import { rankCandidates } from "./score-candidates.js";
import { evidence, titledEvidence } from "./test-evidence.js";

describe("askedHead", () => {
  it.each([
    ["What science fantasy young adult series, told in first person, has companion books?", "seri"],
    // A role is its act's stem ("director" / "directed"): readerTerms gives it.
    ["Which American film director hosted the awards in 2002?", readerTerms("director")[0]],
    ["Bo Lin was the co-founder of what not-for-profit media outlet?", "outlet"],
    ["The envoy had a mission with which tribe of indigenous people?", "tribe"],
    ["The song is based on what brand's comic character?", "brand"],
    // The kind asked is the noun after "kind of" / "type of".
    ["What kind of plane dropped the bomb on Elmford?", "plane"],
    ["Which type of engine is used in the Vale 200?", "engin"],
    // "the name of the X": the thing named is the X.
    ["What is the name of the waterfall in Elmland?", "waterfal"],
  ])("%s → %s", (question, head) => {
    expect(askedHead(question)).toBe(head);
  });
  it("has none for a bare type word or a definition", () => {
    expect(askedHead("In what year was it founded?")).toBeUndefined();
    expect(askedHead("What is the name of it?")).toBeUndefined();
    // "the name of the company's chief executive" names no company.
    expect(askedHead("What is the name of the company's chief executive?")).toBeUndefined();
  });
});

describe("headFit", () => {
  const s = "Skyward is a science fantasy series of young adult books by Ann Roe, set on Vale.";
  it("favours the span its sentence calls what is asked", () => {
    expect(headFit(s, 0, "Skyward", "seri")).toBeGreaterThan(0);
    expect(headFit(s, s.indexOf("Ann Roe"), "Ann Roe", "seri")).toBe(0);
    // The phrase ends at its first preposition: a companion book to a series is a book.
    const b = 'Stonefall is the second companion book to the "Skyward" series, by Ann Roe.';
    expect(headFit(b, 0, "Stonefall", "seri")).toBe(0);
    expect(headFit(b, 0, "Stonefall", "book")).toBeGreaterThan(0);
    // A class noun reads on past "of": a species of plant is a plant.
    const p = "Fernleaf is a species of flowering plant in the family Elmaceae.";
    expect(headFit(p, 0, "Fernleaf", "plant")).toBeGreaterThan(0);
    const t = 'He co-founded "The Ledger", an independent, not-for-profit media outlet.';
    expect(headFit(t, t.indexOf("Ledger"), "Ledger", "outlet")).toBeGreaterThan(0);
    const r = "Ann Roe is best known for roles such as Princess Mara in the film Sea Angel.";
    expect(headFit(r, r.indexOf("Princess Mara"), "Princess Mara", "role")).toBeGreaterThan(0);
    expect(headFit(r, r.indexOf("Sea Angel"), "Sea Angel", "role")).toBe(0);
    // "University of Elmford" for "which university": the head opens the name before "of".
    const k = "Two branch campuses of the University of Elmford are in Oakton.";
    expect(
      headFit(k, k.indexOf("University"), "University of Elmford", readerTerms("university")[0]),
    ).toBeGreaterThan(0);
    const u = "The show was hosted by the American film director Jo Vale in 2002.";
    expect(headFit(u, u.indexOf("Jo Vale"), "Jo Vale", readerTerms("director")[0])).toBeGreaterThan(0);
  });
  it("reads the head as the subject of the span, a clause between commas aside", () => {
    const rain = readerTerms("rainfall")[0];
    const p =
      "Average annual rainfall, as measured at the Vale station, is 31 inches; a wet month saw 9 inches.";
    expect(headFit(p, p.indexOf("31 inches"), "31 inches", rain)).toBeGreaterThan(0);
    expect(headFit(p, p.indexOf("9 inches"), "9 inches", rain)).toBe(0);
    const o = "The station, as measured in 2010, is 31 metres above the rainfall gauge.";
    expect(headFit(o, o.indexOf("31 metres"), "31 metres", rain)).toBe(0);
  });
  it("favours a name ending in the head noun, unless the question names that word itself", () => {
    const t = "The town is bisected by the North Orin River, and the Orin City Zoo lies on its bank.";
    expect(headFit(t, t.indexOf("North Orin River"), "North Orin River", "river")).toBeGreaterThan(0);
    expect(headFit(t, t.indexOf("Orin City Zoo"), "Orin City Zoo", "river")).toBe(0);
    // "Which state where Elm High is?": "high" is the question's name, no head noun.
    const h = "Elm High is a school in Vale, whose rival is Oak Ridge High.";
    expect(headFit(h, h.indexOf("Oak Ridge High"), "Oak Ridge High", "high", ["elm high"])).toBe(0);
  });
  it("lifts the described thing over a name nearer the question's words", () => {
    const q =
      "What science fantasy series, told in first person, has companion books about enslaved worlds and alien species?";
    const ev = [
      evidence(
        "S1",
        "The Vale Chronicles is the second companion book to the series, about the alien Tarns species.",
      ),
      evidence("S2", "Skyward is a science fantasy series of young adult books about alien species."),
    ];
    const cues = questionCues(q, expectedAnswer(q));
    const top = rankCandidates(answerCandidates(cues.expected, ev), cues).find((c) => c.span);
    expect(top?.span).toBe("Skyward");
  });
});

describe("reading the thing a name question names", () => {
  it("answers the span its sentence calls the thing named", () => {
    const ev = [
      titledEvidence(
        "S1",
        "Vale Falls",
        'Vale Falls (Elmish: Mosi, "The Smoke that Thunders") is a waterfall in southern Norland on the Zam River at the border between Ostia and Elmland.',
      ),
    ];
    expect(readAnswer("What is the name of the waterfall in Elmland?", ev).draft.short_answer).toBe(
      "Vale Falls",
    );
  });
});
