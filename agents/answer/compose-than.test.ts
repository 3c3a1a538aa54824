import { describe, expect, it } from "vitest";
import { composeThan, parseThan } from "./compose-than.js";
import { pairOf } from "./read-pair.js";
import { titledEvidence as titled } from "./test-evidence.js";

const poets = [
  titled("S1", "Ann Roe", "Ann Roe (3 May 1901 – 9 June 1990) was a Colorese poet."),
  titled("S2", "Bo Lin", "Bo Lin (4 July 1905 – 2 March 1950) was a Colorese poet."),
];
const judge = (question: string) => {
  const q = parseThan(question);
  return q
    ? (composeThan(q, poets, (asked) => pairOf(asked, poets)?.draft ?? null)?.short_answer ?? null)
    : "unparsed";
};

describe("parseThan", () => {
  it("asks the comparison as a choice between the two", () => {
    expect(parseThan("Is Ann Roe older than Bo Lin?")?.asked).toBe("Which is older, Ann Roe or Bo Lin?");
    expect(parseThan("Did Bo Lin die before Ann Roe?")?.asked).toBe("Which died first, Bo Lin or Ann Roe?");
    expect(parseThan("Was Oak Press founded after Elm Books?")?.asked).toBe(
      "Which was founded later, Oak Press or Elm Books?",
    );
  });

  it("takes no year for a thing compared with", () => {
    expect(parseThan("Was the Zeta phone launched before 2020?")).toBeNull();
    expect(parseThan("Is Oak Press older than 1900?")).toBeNull();
  });
});

describe("composeThan", () => {
  it("compares deaths for 'die before', births for 'older'", () => {
    expect(judge("Did Bo Lin die before Ann Roe?")).toBe("yes");
    expect(judge("Did Ann Roe die before Bo Lin?")).toBe("no");
    expect(judge("Is Ann Roe older than Bo Lin?")).toBe("yes");
    expect(judge("Was Bo Lin born before Ann Roe?")).toBe("no");
  });

  it("answers nothing when a passage is missing", () => {
    expect(judge("Is Ann Roe older than Cy Vale?")).toBeNull();
  });
});
