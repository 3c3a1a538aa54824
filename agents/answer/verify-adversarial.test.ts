import { describe, expect, it } from "vitest";
import type { AnswerSentence } from "../schemas.js";
import { verifyDraft } from "./verify-answer.js";
import { goldEvidence, goldItems } from "./verify-gold.js";

/**
 * Adversarial drafts on real passages (prose and table rows): each one is a plausible answer
 * sentence with one thing wrong, and the verifier must catch every one (drop it, or re-cite it to
 * the passage that does support it). Gold paraphrases from the docqa dev set must all pass.
 */

const bundle = [
  goldEvidence("dq-001", "S1"), // statements of operations (table)
  goldEvidence("dq-029", "S2"), // revolving credit facility (prose)
  goldEvidence("dq-028", "S3"), // convertible notes (prose)
  goldEvidence("dq-007", "S4"), // components of debt (table)
  goldEvidence("dq-019", "S5"), // Google v. Levandowski & Ron (prose)
  goldEvidence("dq-034", "S6"), // Lime divestiture (prose)
  goldEvidence("dq-046", "S7"), // VERIFY_GROUP_FOR_USER (prose)
  goldEvidence("dq-032", "S8"), // UK drivers (prose)
  goldEvidence("dq-003", "S9"), // balance sheet (table)
  goldEvidence("dq-063", "S10"), // Ethiopian Airlines accident (prose)
  goldEvidence("dq-055", "S11"), // SpiderMonkey implementation (prose)
  goldEvidence("dq-008", "S12"), // valuation and qualifying accounts (table with row groups)
];

type Case = [kind: string, text: string, cites: string[]];

const ADVERSARIAL: Case[] = [
  [
    "negation flipped",
    "As of December 31, 2021, there was a balance outstanding on the Revolving Credit Facility.",
    ["S2"],
  ],
  [
    "negation flipped",
    "The conversion rate will be adjusted for any accrued and unpaid special interest.",
    ["S3"],
  ],
  [
    "negation flipped",
    "Uber is required to pay the driver component of historic pension contributions.",
    ["S8"],
  ],
  ["negation flipped", "The VERIFY_GROUP_FOR_USER function can return the null value.", ["S7"]],
  [
    "negation flipped",
    "SpiderMonkey's garbage collector is an exact, generational, stop-the-world mark-and-sweep collector.",
    ["S11"],
  ],
  ["negation flipped", "The values in the list are validated for their existence.", ["S7"]],
  [
    "number changed",
    "The revolving credit facility provides $2.5 billion in credit maturing on June 13, 2023.",
    ["S2"],
  ],
  [
    "number changed",
    "The 2025 convertible notes have an initial conversion price of approximately $80.48 per share.",
    ["S3"],
  ],
  ["number changed", "Uber paid Google approximately $12 million on behalf of Lior Ron.", ["S5"]],
  ["number changed", "The Ethiopian Airlines Flight 302 accident resulted in 175 fatalities.", ["S10"]],
  [
    "number changed",
    "Uber's ownership in Lime represents approximately 13% on an as converted and fully-diluted basis.",
    ["S6"],
  ],
  ["number changed", "Goodwill was $8,240 million as of December 31, 2021.", ["S9"]],
  ["number changed", "Uber reported a diluted net loss per share of $(0.26) for 2021.", ["S1"]],
  [
    "number changed",
    "Revenue rose from $13,000 million in 2019 to $17,455 million in 2021, up $4,545 million.",
    ["S1"],
  ],
  [
    "direction flipped",
    "Research and development expense rose from $4,836 million in 2019 to $2,054 million in 2021.",
    ["S1"],
  ],
  ["year changed", "Uber reported a diluted net loss per share of $(0.29) for 2020.", ["S1"]],
  [
    "year changed",
    "The revolving credit facility provides $2.3 billion in credit maturing on June 13, 2024.",
    ["S2"],
  ],
  [
    "year changed",
    "On March 16, 2020, Uber announced that more than 70,000 drivers in the UK will be treated as workers.",
    ["S8"],
  ],
  ["year changed", "Goodwill was $8,420 million as of December 31, 2020.", ["S9"]],
  ["year changed", "Research and development expense was $2,205 million in 2021.", ["S1"]],
  [
    "year changed",
    "Insurance reserves had an ending balance of $3,988 million for the year ended December 31, 2020.",
    ["S12"],
  ],
  ["wrong column", "Goodwill (2021): 6,109.", ["S9"]],
  ["wrong column", "The 2026 Senior Note has an effective interest rate of 7.7%.", ["S4"]],
  ["wrong column", "Insurance reserves had an ending balance of $3,466 million for 2021.", ["S12"]],
  ["wrong row", "Intangible assets were $8,420 million as of December 31, 2021.", ["S9"]],
  [
    "subject/object swapped",
    "Google paid Uber on behalf of Ron pursuant to an indemnification obligation.",
    ["S5"],
  ],
  ["subject/object swapped", "The user profile MGR specifies a group profile of JANE.", ["S7"]],
  [
    "subject/object swapped",
    "Levandowski pardoned Former President Trump from the trade secret conviction.",
    ["S5"],
  ],
  ["subject/object swapped", "Levandowski filed arbitration demands against Google.", ["S5"]],
  [
    "invented entity",
    "The revolving credit facility provides $2.3 billion in credit, arranged by Goldman Sachs.",
    ["S2"],
  ],
  [
    "invented entity",
    "Uber paid Google approximately $10 million on behalf of Lior Ron, as approved by Judge Alsup.",
    ["S5"],
  ],
  [
    "invented entity",
    "SpiderMonkey's garbage collector is a non-generational mark-and-sweep collector, like the one in V8.",
    ["S11"],
  ],
  [
    "invented entity",
    "Goodwill was $8,420 million as of December 31, 2021, mostly from the Postmates acquisition.",
    ["S9"],
  ],
  [
    "invented entity",
    "The VERIFY_GROUP_FOR_USER function was added in IBM i 7.2 together with Oracle support.",
    ["S7"],
  ],
  [
    "wrong S#",
    "The revolving credit facility provides $2.3 billion in credit maturing on June 13, 2023.",
    ["S5"],
  ],
  ["wrong S#", "Uber reported a diluted net loss per share of $(0.29) for 2021.", ["S4"]],
  ["wrong S#", "The Ethiopian Airlines Flight 302 accident resulted in 157 fatalities.", ["S3"]],
  [
    "wrong S#",
    "Uber's ownership in Lime represents approximately 31% on an as converted and fully-diluted basis.",
    ["S42"],
  ],
  ["no citation", "Uber paid Google approximately $10 million on behalf of Lior Ron.", []],
  ["no citation", "Uber expects its revenue to double in 2022.", []],
  ["no citation", "The VERIFY_GROUP_FOR_USER function was added in IBM i 7.2.", []],
];

function verdictOf(text: string, cites: string[]) {
  // A sentence with no citation cannot pass the draft schema; the verifier still meets it from LLM output.
  const sentence = { text, cites } as AnswerSentence;
  const { report, draft } = verifyDraft({ sentences: [sentence], not_found: false }, bundle);
  return { check: report.checks[0], draft };
}

describe("adversarial drafts: every one is caught", () => {
  it.each(ADVERSARIAL)("%s: %s", (_kind, text, cites) => {
    const { check } = verdictOf(text, cites);
    expect(check?.verdict).not.toBe("supported");
    expect(check?.reasons?.length).toBeGreaterThan(0);
    // Caught means dropped, or re-cited to a passage that does state it.
    if (check?.verdict === "revised") expect(check.cites).not.toEqual(cites);
  });

  it("re-cites a right sentence with a wrong or missing S# to the passage that states it", () => {
    expect(
      verdictOf("The revolving credit facility provides $2.3 billion in credit.", ["S5"]).check?.cites,
    ).toEqual(["S2"]);
    expect(
      verdictOf("Uber reported a diluted net loss per share of $(0.29) for 2021.", ["S4"]).check?.cites,
    ).toEqual(["S1"]);
    expect(
      verdictOf("Uber paid Google approximately $10 million on behalf of Lior Ron.", []).check?.cites,
    ).toEqual(["S5"]);
  });

  it("drops the sentences no passage supports, and an answer left empty is not found", () => {
    const { check, draft } = verdictOf("Goodwill was $8,420 million as of December 31, 2020.", ["S9"]);
    expect(check?.verdict).toBe("dropped");
    expect(draft.not_found).toBe(true);
  });
});

describe("gold paraphrases from the docqa dev set: every one passes", () => {
  it("has at least 12 items, each stating a gold answer", () => {
    expect(goldItems.length).toBeGreaterThanOrEqual(12);
    for (const item of goldItems)
      expect(item.gold.some((g) => item.answer.toLowerCase().includes(g.toLowerCase()))).toBe(true);
  });

  it.each(goldItems.map((i) => [i.id, i.answer] as const))("%s: %s", (id, answer) => {
    const { report } = verifyDraft({ sentences: [{ text: answer, cites: ["S1"] }], not_found: false }, [
      goldEvidence(id, "S1"),
    ]);
    expect(report.checks[0]?.reasons ?? []).toEqual([]);
    expect(report.checks[0]?.verdict).toBe("supported");
  });

  it("passes table answers stated as a sentence or as 'label (column): value'", () => {
    for (const text of [
      "Goodwill was $8,420 million in 2021.",
      "Goodwill (2021): 8,420.",
      "Goodwill was $8.42 billion at December 31, 2021.",
    ])
      expect(verdictOf(text, ["S9"]).check?.verdict).toBe("supported");
    expect(
      verdictOf("Goodwill rose from $6,109 million in 2020 to $8,420 million in 2021.", ["S9"]).check
        ?.verdict,
    ).toBe("supported");
    // A comparison states both values and the change, which no passage states.
    const compared =
      "Revenue rose from $13,000 million in 2019 to $17,455 million in 2021, up $4,455 million (34%).";
    expect(verdictOf(compared, ["S1"]).check?.verdict).toBe("supported");
  });
});
