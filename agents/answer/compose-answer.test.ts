import { describe, expect, it } from "vitest";
import { amount, readAnswer } from "./compose-answer.js";
import { evidence, titledEvidence } from "./test-evidence.js";

const TABLE = [
  " | 2019 | 2020 | 2021",
  "Revenue | $ 13,000 | $ 11,139 | $ 17,455",
  "Research and development | 4,836 | 2,205 | 2,054",
  "General and administrative | 3,299 | 2,666 | 2,316",
].join("\n");
const table = evidence("S2", TABLE, { heading_path: ["Statements of operations"] });

describe("readAnswer", () => {
  it("answers a table question with the cell addressed by row × column, cited, as short_answer", () => {
    const r = readAnswer("How much did the company spend on research and development in 2021?", [
      evidence("S1", "Research and development teams grew in several offices during the year."),
      table,
    ]);
    expect(r.draft.not_found).toBe(false);
    expect(r.draft.short_answer).toBe("2,054");
    expect(r.draft.sentences[0]).toEqual({ text: "Research and development (2021): 2,054", cites: ["S2"] });
  });

  it("reads a text table's row as a record: the name beside what it means", () => {
    const errors = evidence(
      "S1",
      [
        "Error | Meaning | Possible Resolution",
        "E_NAME_TAKEN | Another module already has this name. | Rename the module",
        "E_LABEL_TOO_LONG | The label of the widget is too long. | Use at most 10 characters",
      ].join("\n"),
    );
    const r = readAnswer("Which error do I get when the widget label is too long?", [errors]);
    expect(r.draft.short_answer).toBe("E_LABEL_TOO_LONG");
    expect(r.draft.sentences[0]?.text).toContain("Meaning: The label of the widget is too long;");
  });

  it("never answers with a record's column label, and reads a code comment with the line under it", () => {
    const params = evidence(
      "S1",
      [
        "Parameter | Options | Note",
        "llm | Mistral by default | Configures the answer model",
        "retriever | Mapping | Which index is read",
      ].join("\n"),
    );
    const r = readAnswer("Which LLM writes the answers by default?", [params]);
    expect(r.draft.short_answer).toBe("Mistral");
    const code = evidence(
      "S2",
      [
        "public entry fun make_set(creator: &signer) {",
        "    // The ceiling on members cannot be raised after creation",
        "    registry::create_bounded_set(creator, 10);",
        "}",
      ].join("\n"),
    );
    const f = readAnswer("Which function creates a set with a ceiling on members that cannot be raised?", [
      code,
    ]);
    expect(f.draft.short_answer).toBe("registry::create_bounded_set");
  });

  it("answers 'what <thing> does it address' with the sentence saying what the thing is, not its echo", () => {
    const r = readAnswer(
      "The notice also proposes a rule for the Model 9. What unsafe condition does it address?",
      [
        evidence(
          "S1",
          "The agency proposes this rule to address the unsafe condition on these products. The report describes the unsafe condition as cracking of the rear spar fitting.",
        ),
      ],
    );
    expect(r.draft.sentences[0]?.text).toContain("cracking of the rear spar fitting");
  });

  it.each([
    "What is the unsafe condition behind the Elmcraft E-9 proposed rule?",
    "What unsafe condition is the proposed rule for Elmcraft E-9 aircraft meant to address?",
  ])(
    "reads the sentence saying what the asked thing is with its passage, over a summary naming it all: %s",
    (q) => {
      const r = readAnswer(q, [
        evidence(
          "S1",
          "SUMMARY: The agency proposes to adopt a new rule for Elmcraft E-9 aircraft. " +
            "The report describes the unsafe condition as cracking of the rear spar fitting.",
        ),
      ]);
      expect(r.draft.sentences[0]?.text).toContain("cracking of the rear spar fitting");
    },
  );
  it("answers 'what kind of X' with the words the passage describes X with, and 'in what month' with a month", () => {
    const kind = readAnswer("What kind of garbage collector does the Elm engine use?", [
      evidence(
        "S1",
        "The Elm engine runs on Oak OS. Its garbage collector is an exact, mark-and-sweep collector.",
      ),
    ]);
    expect(kind.draft.short_answer).toBe("exact, mark-and-sweep collector");
    const month = readAnswer("In what month is the Elm film festival held?", [
      evidence("S1", "The Elm film festival is held in the months of March and April, in Oak City."),
    ]);
    expect(month.draft.short_answer).toBe("March and April");
  });

  it("answers 'in which release' from the release heading a change sits under", () => {
    const notes = (sid: string, version: string, line: string) =>
      evidence(sid, `- ${line}\n- Improve documentation`, { heading_path: ["Changelog", version] });
    const r = readAnswer("In which release was scatter_sum replaced with native scatter?", [
      notes("S1", "0.1.2", "Add a new backend for the model server"),
      notes("S2", "0.1.3 (2024-05-01)", "Replace scatter_sum with native scatter"),
    ]);
    expect(r.draft.short_answer).toBe("0.1.3");
    expect(r.draft.sentences[0]).toEqual({
      text: "0.1.3: Replace scatter_sum with native scatter",
      cites: ["S2"],
    });
  });

  it("reads a value's sentence with the next one when that one goes on about it without a value", () => {
    const r = readAnswer("How much did the company pay the lender on Smith's behalf?", [
      evidence(
        "S1",
        "The panel awarded the lender $127 million against Jones and $1 million against Smith. " +
          "Smith and the lender later settled the award for approximately $10 million. " +
          "The company paid the lender on behalf of Smith under an indemnification obligation.",
      ),
    ]);
    expect(r.draft.short_answer).toBe("$10 million");
  });

  it("says not found when a how-many question's best sentence states no count but the question's own", () => {
    const r = readAnswer("How many Model 12/47 airplanes of U.S. registry would the proposed rule affect?", [
      evidence("S1", "The agency proposes a new rule for Model 12/47 airplanes of U.S. registry."),
    ]);
    expect(r.draft.not_found).toBe(true);
    expect(r.reason).toMatch(/states no quantity/);
    const told = readAnswer(
      "How many Model 12/47 airplanes of U.S. registry would the proposed rule affect?",
      [evidence("S1", "The proposed rule would affect 73 Model 12/47 airplanes of U.S. registry.")],
    );
    expect(told.draft.short_answer).toMatch(/73/);
  });

  it("says not found when a question asking a numeric value gets a row with no number", () => {
    const q = "What numeric abort code corresponds to EWIDGET_NOT_READY?";
    const row =
      "Error: EWIDGET_NOT_READY; Meaning: The widget store was not set up; Resolution: Register the widget store first.";
    const r = readAnswer(q, [evidence("S1", row)]);
    expect(r.draft.not_found).toBe(true);
    expect(r.reason).toMatch(/states no quantity/);
    const told = readAnswer(q, [
      evidence("S1", `Error: EWIDGET_NOT_READY; Code: 0x60005; Meaning: not set up.`),
    ]);
    expect(told.draft.not_found).toBe(false);
  });

  it("a comparison states both values and the change", () => {
    const r = readAnswer("How did research and development expense change from 2019 to 2021?", [table]);
    expect(r.draft.sentences[0]?.text).toBe(
      "Research and development (2019): 4,836; 2021: 2,054, a change of -2,782 (-57.53%)",
    );
  });

  it("opens with the sentence holding the typed span, then at most two supporting sentences", () => {
    const r = readAnswer("When does the revolving credit facility mature?", [
      evidence(
        "S1",
        "The revolving credit facility provides $2.3 billion in credit maturing on June 13, 2023. " +
          "The revolving credit facility was amended several times. The facility carries customary covenants " +
          "for a revolving credit facility. Revolving credit facility fees are paid quarterly.",
      ),
    ]);
    expect(r.draft.short_answer).toBe("June 13, 2023");
    expect(r.draft.sentences[0]?.text).toContain("maturing on June 13, 2023");
    expect(r.draft.sentences.length).toBeLessThanOrEqual(3);
  });

  it("says a sentence once when a graph path repeats it with a fact appended", () => {
    const line =
      "You can use the ConstructorRef with object::generate_signer to create a signer that allows you to transfer resources onto the Object.";
    const r = readAnswer("How do I create an object with a ConstructorRef?", [
      evidence("S1", line),
      evidence("S2", `${line.slice(0, -1)}; Object transfered of soulbound NFTs.`, { kind: "path" }),
      evidence("S3", `${line.slice(0, -1)}; Object represents soulbound NFT.`, { kind: "path" }),
    ]);
    expect(r.draft.sentences.map((s) => s.cites)).toEqual([["S1"]]);
  });

  it("says not found when the passage never names what the question names", () => {
    const r = readAnswer("How many Pilatus airplanes of U.S. registry would the proposed AD affect?", [
      evidence("S1", "The proposed AD would affect 73 airplanes of U.S. registry."),
      evidence("S2", "Boeing airplanes received a software update."),
    ]);
    expect(r.draft.not_found).toBe(true);
    expect(r.reason).toMatch(/never names Pilatus/);
  });

  it("says not found when the best candidate covers too little of the question", () => {
    const r = readAnswer("What were the audit fees paid to the external auditor in fiscal 2021?", [
      evidence("S1", "Revenue grew in 2021 as trips recovered across all regions."),
    ]);
    expect(r.draft.not_found).toBe(true);
  });
});

describe("amount", () => {
  it("reads cells: parentheses are negative, currency and commas dropped", () => {
    expect(amount("$ (0.29)")).toBe(-0.29);
    expect(amount("8,420")).toBe(8420);
    expect(amount("n/m")).toBeNull();
  });
});

describe("readAnswer on a row of several columns", () => {
  it("takes the column whose header says what is asked", () => {
    const schedule = evidence(
      "S1",
      [
        " | Balance at Beginning of Period | Additions | Balance at End of Period",
        "Year Ended December 31, 2021: |  |  | ",
        "Insurance reserves | $ 3,466 | 1,904 | $ 3,988",
      ].join("\n"),
      { heading_path: ["Valuation and qualifying accounts"] },
    );
    const r = readAnswer("What was the ending balance of the insurance reserves for 2021?", [schedule]);
    expect(r.draft.short_answer).toBe("$ 3,988");
  });
});

describe("readAnswer: a place of the kind asked", () => {
  it("reads on from a place of another kind to the county asked, in that place's own passage", () => {
    const r = readAnswer("Harbor Mall is located in what county?", [
      evidence("S1", "Harbor Mall is a three-level shopping mall located in Marsh Corner, Norland."),
      evidence("S2", "Marsh Corner is an unincorporated community in Oak County, Norland."),
      evidence("S3", "The Pine Vale mall opened in 1968 in Norland."),
    ]);
    expect(r.draft.short_answer).toBe("Oak County");
    expect(r.draft.sentences.flatMap((s) => s.cites)).toEqual(expect.arrayContaining(["S1", "S2"]));
  });
});

describe("readAnswer: an answer linked by another passage", () => {
  it("answers with a passage's subject when another section's passage names it with the question's thing", () => {
    const ev = [
      evidence(
        "S1",
        "Harbor Night is a 1945 film noir directed by Ed Marsh from the novel Sea Angel by Tom Reed, with Jo Vale.",
        {
          heading_path: ["Harbor Night"],
          section_id: "sec:a",
        },
      ),
      evidence("S2", "Jo Vale (born 1901) was an American film actor and dancer known for gangster roles.", {
        heading_path: ["Jo Vale"],
        section_id: "sec:b",
      }),
    ];
    const r = readAnswer("Which American film actor and dancer starred in the 1945 film Harbor Night?", ev);
    expect(r.draft.short_answer).toBe("Jo Vale");
    // Both passages cited, whichever the answer was read in.
    expect([...(r.draft.sentences[0]?.cites ?? [])].sort()).toEqual(["S1", "S2"]);
  });
});

describe("readAnswer: an answer its own passage describes", () => {
  it("reads the description the question gives of the answer in the answer's own passage", () => {
    const ev = [
      evidence(
        "S1",
        "Rob Tane was President Ann Roe's intelligence officer for the Far Coast at the Harbor Council.",
        { heading_path: ["Rob Tane"], section_id: "sec:a", doc_id: "doc:a" },
      ),
      evidence(
        "S2",
        "Ann Roe is a politician who served as president. Before that she was the Governor of Eastland.",
        { heading_path: ["Ann Roe"], section_id: "sec:b", doc_id: "doc:b" },
      ),
    ];
    const r = readAnswer(
      "Rob Tane was the intelligence officer under which former Governor of Eastland?",
      ev,
    );
    expect(r.draft.not_found).toBe(false);
    expect(r.draft.short_answer).toBe("Ann Roe");
    expect(r.draft.sentences[0]?.cites).toEqual(["S1", "S2"]);
  });
});

describe("readAnswer: a 'who' answer is written as a person's name", () => {
  const read = (question: string, text: string) =>
    readAnswer(question, [evidence("S1", text, { heading_path: ["Eastland"] })]).draft.short_answer;
  it("takes the person over the role they hold", () => {
    expect(
      read(
        "Who was in charge of Eastland?",
        "Eastland is a country on the coast. On 10 May 2012, parliament elected Ann Tamsin Roe as the new President of Eastland.",
      ),
    ).toBe("Ann Tamsin Roe");
  });
  it("takes the person over a one-word place", () => {
    expect(
      read(
        "Who was the first president of Eastland?",
        "Eastland gained its independence from Norland in 1977, and Ann Roe became the country's first president.",
      ),
    ).toBe("Ann Roe");
  });
});

describe("a yes/no question no composer decides", () => {
  it("quotes its best sentences but gives no name as the short answer", () => {
    const ev = [
      evidence(
        "S1",
        "The Elm trilogy is a fantasy series by Ada Kay, published by Oakhouse in the United States.",
      ),
      evidence(
        "S2",
        "Harrows is a science fantasy series of books written by Jo Vale and published by Oakhouse.",
      ),
    ];
    // ("Did Ada Kay write the Elm trilogy for Oakhouse?" read "United States" before.)
    const r = readAnswer("Did Ada Kay write the Elm trilogy for Oakhouse?", ev);
    expect(r.draft.not_found).toBe(false);
    expect(r.draft.sentences.length).toBeGreaterThan(0);
    expect(r.draft.short_answer).toBeNull();
  });
});

describe("readAnswer: a count one hop on from the best sentence", () => {
  // Made-up names: the best sentence names the firm and states no count; the firm's own passage does.
  const ev = [
    titledEvidence(
      "S1",
      "Ann Roe",
      "Ann Roe (born 1969) is an organizer in Vale. She has been a vocal critic of Zeta Corp and Quill Industries.",
    ),
    titledEvidence(
      "S2",
      "Quill Industries",
      "Quill Industries is a multinational firm. It works in more than 40 countries.",
    ),
  ].map((e, i) => ({ ...e, section_id: `sec:${i}` }));
  const q =
    "Ann Roe has been a vocal critic of Zeta Corp and another firm that has operations in how many countries?";

  it("reads the count in the own passage of a name the best sentence says, citing both", () => {
    const r = readAnswer(q, ev);
    expect(r.draft.not_found).toBe(false);
    expect(r.draft.short_answer).toMatch(/^40/);
    expect(r.draft.sentences.flatMap((s) => s.cites).sort()).toEqual(["S1", "S2"]);
  });

  it("refuses when the question states a number the chain never says", () => {
    const dated = q.replace("how many countries?", "how many countries in 1950?");
    expect(readAnswer(dated, ev).draft.not_found).toBe(true);
  });

  it("reads no part of a name the sentence joins unless the part is a passage's whole heading", () => {
    // "Zeta Corp and Quill Industries" is split only because "Quill Industries" heads a passage;
    // "Quill" alone, the heading's first word, is no bridge.
    const renamed = ev.map((e) =>
      e.sid === "S2" ? { ...e, heading_path: ["Quill"], title: "Quill" } : e,
    ) as typeof ev;
    expect(readAnswer(q, renamed).draft.not_found).toBe(true);
  });

  it("still refuses when no name of that sentence has a passage stating the count", () => {
    const apart = [
      ev[0],
      { ...ev[1], text: "Quill Industries is a multinational firm with many offices." },
    ] as typeof ev;
    expect(readAnswer(q, apart).draft.not_found).toBe(true);
  });
});
