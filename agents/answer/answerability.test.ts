import { describe, expect, it } from "vitest";
import { expectedAnswer } from "./answer-type.js";
import { answerability } from "./answerability.js";
import { DEFAULT_READER } from "./compose-answer.js";
import { questionCues } from "./question-cues.js";
import type { ScoredCandidate } from "./score-candidates.js";
import { evidence } from "./test-evidence.js";

const ev = [evidence("S1", "Acme reported revenue of $5 million.")];
const best = (score: number): ScoredCandidate => ({
  span: "$5 million",
  type: "money",
  sid: "S1",
  rank: 0,
  context: "Acme reported revenue of $5 million.",
  quote: "Acme reported revenue of $5 million.",
  at: 25,
  heading: "Test doc > Guide > S1",
  score,
  near: 0.5,
  support: 0.5,
  names: 1,
  stated: 1,
});
const cues = (q: string) => questionCues(q, expectedAnswer(q));

describe("answerability", () => {
  it("refuses a candidate that scores below the floor and accepts one above it", () => {
    const q = "How much revenue did the company report?";
    expect(answerability(best(0.4), cues(q), ev, DEFAULT_READER)).toMatch(/scores 0.40/);
    expect(answerability(best(0.6), cues(q), ev, DEFAULT_READER)).toBeNull();
  });

  it("eases the floor for a long question, whose words spread over several sentences", () => {
    const long =
      "How much revenue did the company report in its annual filing for the fiscal year, counting " +
      "subscriptions, advertising, licensing, hardware sales, services, royalties, partnership income, " +
      "consulting fees, maintenance contracts, training courses and certification programmes?";
    expect(cues(long).terms.length).toBeGreaterThanOrEqual(20);
    expect(answerability(best(0.42), cues(long), ev, DEFAULT_READER)).toBeNull();
    expect(
      answerability(best(0.42), cues("How much revenue did the company report?"), ev, DEFAULT_READER),
    ).not.toBeNull();
  });

  it("takes a nationality word as said by its country's name", () => {
    const said = [evidence("S1", "Acme, of Vale in Norway, reported revenue of $5 million.")];
    expect(
      answerability(best(0.6), cues("Which Norwegian city reported Acme revenue?"), said, DEFAULT_READER),
    ).toBeNull();
    expect(
      answerability(best(0.6), cues("Which Swedish city reported Acme revenue?"), said, DEFAULT_READER),
    ).toMatch(/never names swedish/);
  });

  it("takes a chained question's numbers as stated anywhere in its evidence, not only in the answer's passage", () => {
    const two = [
      evidence("S1", "Acme reported revenue of $5 million."),
      evidence("S2", "The Vale war had over 60 million casualties."),
    ];
    const q = "What revenue did Acme report after the war that had over 60 million casualties?";
    expect(answerability(best(0.6), cues(q), two, DEFAULT_READER)).toMatch(/never states 60/);
    expect(answerability(best(0.6), cues(q), two, { ...DEFAULT_READER, chained: true })).toBeNull();
  });

  it("takes a document's name as said when its document says it once, another name only in the answer's passage", () => {
    const doc = (sid: string, text: string) => evidence(sid, text, { section_id: `sec:${sid}` });
    const four = [
      doc("S1", "Acme reported revenue of $5 million."),
      doc("S2", "This Redpaper covers the Zeta Ledger."),
      doc("S3", "Other matters."),
      doc("S4", "More matters."),
    ];
    const asked = "What revenue did Acme report, per the Zeta Redpaper?";
    expect(answerability(best(0.6), cues(asked), four, DEFAULT_READER)).toBeNull();
    const other = "What revenue did Acme report for the Zeta Ledger?";
    expect(answerability(best(0.6), cues(other), four, DEFAULT_READER)).toMatch(/never names zeta ledger/);
  });

  it("takes a long name the question writes with one slip as named", () => {
    const hall = [evidence("S1", "The Elm Hall Data Centre reported revenue of $5 million.")];
    const slip = "What revenue did the Elm Hal Data Centre report?";
    expect(answerability(best(0.6), cues(slip), hall, DEFAULT_READER)).toBeNull();
    const other = "What revenue did the Oak Hal Data Centre report?";
    expect(answerability(best(0.6), cues(other), hall, DEFAULT_READER)).toMatch(/never names/);
  });
});

describe("answerability: a bridge through the subject's short form", () => {
  it("takes a passage naming the answer passage's subject by the short form it gives as the bridge", () => {
    const text =
      "The Harbor Rowing Federation (HRF) is one of three bodies recognised by the Coastal Rowing Hall of Fame.";
    const two = [
      evidence("S1", "Ann Roe held the HRF lightweight title from 1997 to 1999.", {
        heading_path: ["Ann Roe"],
        section_id: "sec:a",
        doc_id: "doc:a",
      }),
      evidence("S2", text, {
        heading_path: ["Harbor Rowing Federation"],
        section_id: "sec:b",
        doc_id: "doc:b",
      }),
    ];
    const candidate: ScoredCandidate = {
      ...best(0.6),
      span: "Coastal Rowing Hall of Fame",
      type: "other",
      sid: "S2",
      context: text,
      quote: text,
      at: text.indexOf("Coastal"),
    };
    const q = "Ann Roe held a lightweight title by a body recognised by what larger Hall of Fame?";
    expect(answerability(candidate, cues(q), two, DEFAULT_READER)).toBeNull();
    // Without the short form in the other passage, the answer's passage never names Ann Roe.
    const unlinked = [{ ...two[0], text: "Ann Roe held a lightweight title from 1997 to 1999." }, two[1]];
    expect(answerability(candidate, cues(q), unlinked as typeof two, DEFAULT_READER)).toMatch(/never names/);
    // A short form that is also a word ("(WHO)") bridges only with its capitals, never as "who".
    const word = text.replace("(HRF)", "(WHO)");
    const pronoun = [
      { ...two[0], text: "Ann Roe, who rowed from 1997 to 1999, held a lightweight title." },
      { ...two[1], text: word },
    ];
    const asWord = { ...candidate, context: word, quote: word, at: word.indexOf("Coastal") };
    expect(answerability(asWord, cues(q), pronoun as typeof two, DEFAULT_READER)).toMatch(/never names/);
  });
});

describe("answerability: a bridge the answer's passage names", () => {
  // The answer's passage names another passage's subject ("the Government in Ostrava"); that
  // passage names the question's thing. Names made up, so no rule can know them.
  const answer =
    "The Vellish envoy in Tarnby represents the Government in Ostrava to the Government of Lumeria.";
  const subject = "Ostrava is the capital of Vellmark and of the Ostrava-Kelm-Dunay region.";
  const two = [
    evidence("S1", answer, {
      heading_path: ["Vellish envoy to Lumeria"],
      section_id: "sec:a",
      doc_id: "doc:a",
    }),
    evidence("S2", subject, { heading_path: ["Ostrava"], section_id: "sec:b", doc_id: "doc:b" }),
  ];
  const candidate: ScoredCandidate = {
    ...best(0.6),
    span: "Tarnby",
    type: "place",
    sid: "S1",
    context: answer,
    quote: answer,
    at: answer.indexOf("Tarnby"),
  };
  const q = "In which city is the envoy of the Ostrava-Kelm-Dunay region to Lumeria based?";

  it("takes a passage the answer's own passage names, with its capitals, as the bridge", () => {
    expect(answerability(candidate, cues(q), two, DEFAULT_READER)).toBeNull();
  });

  it("still refuses when the answer's passage names no passage that names the question's thing", () => {
    const unnamed = answer.replace("in Ostrava", "at home");
    const apart = [{ ...two[0], text: unnamed }, two[1]] as typeof two;
    const c = { ...candidate, context: unnamed, quote: unnamed };
    expect(answerability(c, cues(q), apart, DEFAULT_READER)).toMatch(/never names ostrava/);
    // A heading inside a longer word ("Ostrava" in "Ostravan") is not named.
    const word = answer.replace("in Ostrava", "of the Ostravan people");
    const inWord = [{ ...two[0], text: word }, two[1]] as typeof two;
    const w = { ...candidate, context: word, quote: word };
    expect(answerability(w, cues(q), inWord, DEFAULT_READER)).toMatch(/never names ostrava/);
    // Only a passage about its heading's subject is one: this one opens on something else.
    const aside = "Lumeria trades with Vellmark, whose capital Ostrava heads the Ostrava-Kelm-Dunay region.";
    const loose = [two[0], { ...two[1], text: aside }] as typeof two;
    expect(answerability(candidate, cues(q), loose, DEFAULT_READER)).toMatch(/never names ostrava/);
  });
});

describe("answerability: names a passage writes another way", () => {
  it("a quarter label is said where the answer's passage writes the quarter out", () => {
    const line = "For the three months ended December 31, 2021, Acme users took 12.6 trips per month.";
    const c = { ...best(0.6), context: line, quote: line, span: "12.6 trips", at: line.indexOf("12.6") };
    const q = "In Q4 2021, how many trips per month did Acme users take?";
    expect(answerability(c, cues(q), [evidence("S1", line)], DEFAULT_READER)).toBeNull();
    const other = line.replace("December 31", "March 31");
    expect(answerability({ ...c, context: other }, cues(q), [evidence("S1", other)], DEFAULT_READER)).toMatch(
      /q4/,
    );
  });
  it("a name ending on the document's short form is said once in the document", () => {
    const q = "Which part must be installed under the revised Zeta TB?";
    const ev2 = [
      evidence("S1", "Install part P7 before further use.", {
        section_id: "sec:a",
        heading_path: ["PART 9—TECHNICAL BULLETINS"],
      }),
      evidence("S2", "The agency revises Technical Bulletin (TB) 12 for Zeta 9 engines.", {
        section_id: "sec:b",
      }),
      evidence("S3", "Comments are due by May.", { section_id: "sec:c" }),
      evidence("S4", "Docket operations are open on weekdays.", { section_id: "sec:d" }),
    ];
    const c = {
      ...best(0.6),
      context: "Install part P7 before further use.",
      span: "P7",
      type: "code" as const,
    };
    expect(answerability(c, cues(q), ev2, DEFAULT_READER)).toBeNull();
    const bare = ev2.map((e) => ({ ...e, heading_path: [e.sid] }));
    expect(answerability(c, cues(q), bare, DEFAULT_READER)).toMatch(/never names/);
  });

  it("reads a chained question with its chain's gates: a lower floor, names anywhere in the evidence", () => {
    const chained = { ...DEFAULT_READER, chained: true };
    const q = "How much revenue did the company report?";
    expect(answerability(best(0.42), cues(q), ev, DEFAULT_READER)).toMatch(/scores 0.42/);
    expect(answerability(best(0.42), cues(q), ev, chained)).toBeNull();
    const page = (sid: string, text: string) => evidence(sid, text, { doc_id: `doc:${sid}` });
    const two = [
      page("S1", "Acme reported revenue of $5 million."),
      page("S2", "Elm Mill is owned by Acme."),
    ];
    const asked = "How much revenue did the owner of Elm Mill report?";
    expect(answerability(best(0.6), cues(asked), two, DEFAULT_READER)).toMatch(/never names elm mill/);
    expect(answerability(best(0.6), cues(asked), two, chained)).toBeNull();
    // The evidence must still name it somewhere.
    expect(answerability(best(0.6), cues(asked), two.slice(0, 1), chained)).toMatch(/never names elm mill/);
  });
});
