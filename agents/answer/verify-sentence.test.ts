import { describe, expect, it } from "vitest";
import { evidence } from "./test-evidence.js";
import { readEvidence } from "./verify-read.js";
import { checkSentence, SUPPORT_THRESHOLD } from "./verify-sentence.js";

const PASSAGES = new Map(
  [
    evidence(
      "S1",
      "On March 16, 2021, we announced that more than 70,000 drivers in the UK will be treated as workers. " +
        "We are not required to pay the driver component of historic pension contributions.",
      {
        heading_path: ["Driver Classification"],
        citation: { kind: "url", url: "file:///acme_10k.md#drivers" },
      },
    ),
    evidence("S2", "Goodwill | 6,109 | 8,420", { heading_path: ["Balance sheet"] }),
    evidence("S3", "- Replace scatter_sum with native scatter", { heading_path: ["Changelog", "0.1.3"] }),
    evidence(
      "S4",
      "Non-marketable equity securities: |  | \nDidi | $ 6,299 | $ —\nMarketable equity securities |  | \nGrab | — | 3,821",
    ),
    evidence(
      "S6",
      "Parameter | Options | Note\ntext_model | qwen3 by default | Used by graph_builder.\nbuilder | alpha_builder by default | Builder preset.",
    ),
    evidence("S5", "Non-marketable equity securities: |  | \nGrab | 2,341 | —"),
  ].map((e) => [e.sid, readEvidence(e)]),
);
const read = (sid: string) => PASSAGES.get(sid);
const check = (text: string, cites: string[] = ["S1"]) => checkSentence({ text, cites }, read);

describe("checkSentence", () => {
  it("passes a faithful paraphrase, naming the document's subject from its file name", () => {
    const v = check(
      "In March 2021 Acme announced that more than 70,000 UK drivers would be treated as workers.",
    );
    expect(v).toMatchObject({ ok: true, reasons: [], numeric: 1, entity: 1 });
    expect(v.support).toBeGreaterThanOrEqual(SUPPORT_THRESHOLD);
  });

  it("counts a number its heading states, not one stated nowhere", () => {
    expect(check("0.1.3: Replace scatter_sum with native scatter", ["S3"]).ok).toBe(true);
    expect(check("0.1.4: Replace scatter_sum with native scatter", ["S3"]).reasons).toEqual([
      expect.stringMatching(/0\.1\.4 is not in the cited evidence/),
    ]);
  });

  it("reads a name run ending in a number as the name, the number checked on its own", () => {
    expect(check("Goodwill 6,109 is on the balance sheet.", ["S2"]).ok).toBe(true);
    expect(check("Goodwill 6,110 is on the balance sheet.", ["S2"]).reasons).toEqual([
      expect.stringMatching(/6,110 is not in the cited evidence/),
    ]);
    expect(check("Badwill 6,109 is on the balance sheet.", ["S2"]).reasons).toContainEqual(
      expect.stringMatching(/names "badwill/),
    );
  });

  it("reads inline [S#] markers as citations and strips them before checking", () => {
    expect(check("More than 70,000 drivers in the UK will be treated as workers [S1].", []).ok).toBe(true);
  });

  it("gives a reason per failed check, and a support below the threshold", () => {
    const cases: Array<[string, string[], RegExp]> = [
      ["More than 70,000 drivers will be treated as workers.", [], /no citation/],
      ["More than 70,000 drivers will be treated as workers.", ["S9"], /S9, which is not in the evidence/],
      [
        "More than 17,000 drivers in the UK will be treated as workers.",
        ["S1"],
        /17,000 is not in the cited/,
      ],
      ["On May 16, 2021, drivers in the UK were treated as workers.", ["S1"], /month 5/],
      ["On March 16, 2022, drivers in the UK were treated as workers.", ["S1"], /2022 is not/],
      ["Drivers in the UK will be treated as workers, Deloitte said.", ["S1"], /names "deloitte"/],
      ["We are required to pay the driver component of historic pension contributions.", ["S1"], /negates/],
      ["Pension regulators fined the company for late filings.", ["S1"], /of its words are in the evidence/],
      ["Goodwill was 6,109 in 2021.", ["S2"], /2021 is not in the cited evidence/],
    ];
    for (const [text, cites, reason] of cases) {
      const v = check(text, cites);
      expect(v.ok, text).toBe(false);
      expect(v.reasons.join("; "), text).toMatch(reason);
      expect(v.support).toBeLessThan(SUPPORT_THRESHOLD);
    }
  });
});

describe("checkSentence across languages", () => {
  const table = new Map([
    [
      "S1",
      readEvidence(
        evidence("S1", "| As of December 31, 2020 | As of December 31, 2021\nGoodwill | 6,109 | 8,420"),
      ),
    ],
    ["S2", readEvidence(evidence("S2", "Компания не получила прибыль в 2021 году."))],
  ]);
  const ru = (text: string, sid = "S1") => checkSentence({ text, cites: [sid] }, (s) => table.get(s));

  it("checks a Russian answer on English text by its numbers (Russian style), dates and columns", () => {
    expect(ru("Гудвил на 31 декабря 2021 года составил 8 420 млн долларов.").ok).toBe(true);
    expect(ru("Гудвил составил 8,42 млрд долларов в 2021 году.").ok).toBe(true);
    expect(ru("Гудвил на 31 декабря 2021 года составил 6 109 млн долларов.").reasons).toEqual([
      "6 109 is the 2020 figure, not 2021",
    ]);
    expect(ru("Гудвил на 31 мая 2021 года составил 8 420 млн долларов.").reasons).toEqual([
      "month 5 is not in the cited evidence",
    ]);
    expect(ru("Компания не раскрывает эти данные.").reasons).toEqual([
      "nothing in it can be checked against the evidence's language",
    ]);
  });

  it("checks a Russian answer on Russian text word by word, negation included", () => {
    expect(ru("В 2021 году компания не получила прибыль.", "S2").ok).toBe(true);
    expect(ru("В 2021 году компания получила прибыль.", "S2").reasons.join()).toMatch(/negates/);
  });
});

describe("an empty passage", () => {
  it("supports nothing", () => {
    const empty = readEvidence(evidence("S9", ""));
    const v = checkSentence({ text: "Revenue grew by 20% in 2021.", cites: ["S9"] }, (sid) =>
      sid === "S9" ? empty : undefined,
    );
    expect(v.ok).toBe(false);
    expect(v.reasons).toContain("cites S9, which is empty");
  });

  it("of two lines that match alike, rests on the one stating the sentence's words plainly", () => {
    expect(check("Marketable equity securities: Grab: 3,821", ["S4"]).ok).toBe(true);
    const v = check("Marketable equity securities: Grab: 2,341", ["S5"]);
    expect(v.ok).toBe(false);
    expect(v.reasons.join(" ")).toMatch(/evidence negates "non market"/);
  });

  it("fails a table record whose values come from two rows", () => {
    expect(check("Parameter: builder; Options: alpha_builder by default.", ["S6"]).ok).toBe(true);
    const v = check("Parameter: builder; Options: qwen3 by default.", ["S6"]);
    expect(v.reasons).toEqual(["its labelled values are not one row of the cited table"]);
  });
});

describe("names written with compatibility characters", () => {
  it("finds a name with a superscript in the passage it was quoted from, and still misses an unseen one", () => {
    const p = readEvidence(
      evidence("S7", 'Kai Moro (born 1958) is a comics artist known for "Stormfall" and "KX²".'),
    );
    const cited = (text: string) =>
      checkSentence({ text, cites: ["S7"] }, (sid) => (sid === "S7" ? p : undefined));
    expect(cited('Kai Moro (born 1958) is a comics artist known for "Stormfall" and "KX²".').ok).toBe(true);
    expect(cited('Kai Moro (born 1958) is a comics artist known for "Ironbark".').ok).toBe(false);
  });
});
