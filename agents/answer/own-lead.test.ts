import { describe, expect, it } from "vitest";
import { askedHead, headFit } from "./asked-head.js";
import { readAnswer } from "./compose-answer.js";
import { leadHeadFit, ownLead, ownName } from "./own-lead.js";
import { titledEvidence } from "./test-evidence.js";

const awards = titledEvidence(
  "S1",
  "2002 Harbor Awards",
  "The 2002 Harbor Awards, honoring the best in harbour films, were announced on March 3. It was hosted by Jo Vale.",
);
const vale = titledEvidence(
  "S2",
  "Jo Vale",
  "Josef Anton Vale (born April 22, 1946) is an American film director, screenwriter and author. He lives in Elmford.",
);

describe("ownLead", () => {
  it("finds the passage headed with the name, or opening with it", () => {
    expect(ownLead("Jo Vale", [awards, vale])?.text).toMatch(/^Josef Anton Vale \(born/);
    expect(ownLead("Josef Anton Vale", [awards, vale])).toMatchObject({ sid: "S2" });
    // "The Ledger" is headed "The Ledger"; the span read without its article still finds it.
    const ledger = titledEvidence("S3", "The Ledger", "The Ledger is a weekly newspaper.");
    expect(ownLead("Ledger", [ledger])?.text).toBe("The Ledger is a weekly newspaper.");
  });

  it("gives nothing for a name with no passage of its own, or a number", () => {
    expect(ownLead("Elmford", [awards, vale])).toBeUndefined();
    expect(ownLead("1946", [awards, vale])).toBeUndefined();
  });
});

describe("leadHeadFit", () => {
  const head = askedHead("Which American film director hosted the 2002 Harbor Awards?");

  it("reads the asked head in the name's own lead", () => {
    expect(leadHeadFit(ownLead("Jo Vale", [vale]), head, [])).toBe(0.15);
  });

  it("is 0 when the lead calls the name something else, or there is no lead", () => {
    expect(leadHeadFit(ownLead("Jo Vale", [vale]), askedHead("Which singer hosted it?"), [])).toBe(0);
    expect(leadHeadFit(undefined, head, [])).toBe(0);
  });
});

describe("asked head", () => {
  it("takes a participle as the end of the asked phrase", () => {
    expect(askedHead("What American professional surfer born 18 October 1992 won the Elm Cup?")).toBe(
      askedHead("What surfer won the Elm Cup?"),
    );
  });

  it("reads a description whose adjectives are split by a comma", () => {
    const lead = "The Ledger is an independent, not-for-profit media outlet based in Elmford.";
    expect(headFit(lead, 0, "The Ledger", askedHead("What media outlet did Ann Roe found?"))).toBe(0.15);
  });
});

describe("reading a name through its own passage", () => {
  it("answers the name its own passage calls what is asked", () => {
    const r = readAnswer("Which American film director hosted the 2002 Harbor Awards?", [awards, vale]);
    expect(r.draft.not_found).toBe(false);
    expect(r.draft.short_answer).toBe("Jo Vale");
    // Read in the awards' passage, described in his own: both cited.
    expect(r.draft.sentences[0]?.cites).toEqual(["S1", "S2"]);
  });

  it("answers with the name the passage is headed with", () => {
    const q = "Who hosted the 2002 Harbor Awards?";
    expect(ownName("Josef Anton Vale", [awards, vale], q)).toBe("Jo Vale");
    expect(ownName("Jo Vale", [awards, vale], q)).toBe("Jo Vale");
    // Not the subject of a passage headed with another form of it: unchanged.
    expect(ownName("Ann Vale", [awards, vale], q)).toBe("Ann Vale");
    expect(ownName("Vale", [awards, vale], q)).toBe("Vale");
    // The filed name is the question's own: the span stays as written.
    expect(ownName("Josef Anton Vale", [awards, vale], "Who worked with Jo Vale?")).toBe("Josef Anton Vale");
    // A section heading ending in the name is no filed name of it.
    const guide = titledEvidence("S9", "Getting Started with Elm Kafka", "Elm Kafka is a message broker.");
    expect(ownName("Elm Kafka", [guide], "What is the broker?")).toBe("Elm Kafka");
    // A part of the name asked is read in the name as written.
    expect(ownName("Josef Anton Vale", [awards, vale], "What is the middle name of the host?")).toBe(
      "Josef Anton Vale",
    );
  });
});
