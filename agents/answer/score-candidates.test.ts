import { describe, expect, it } from "vitest";
import { answerCandidates } from "./answer-candidates.js";
import { expectedAnswer } from "./answer-type.js";
import { inQuestion } from "./in-question.js";
import { questionCues, questionNames } from "./question-cues.js";
import { rankCandidates } from "./score-candidates.js";
import { evidence } from "./test-evidence.js";

describe("rankCandidates", () => {
  it("a name several passages state gets the union of what their sentences cover, and a small bonus", () => {
    const q = "Which company spent billions on search defaults and harmed news publishers' revenue?";
    const ev = [
      evidence("S1", "Acme spent billions on search defaults for phones."),
      evidence("S2", "News publishers say Acme harmed their revenue."),
      evidence("S3", "Globex spent billions on phones."),
    ];
    const cues = questionCues(q, expectedAnswer(q));
    const ranked = rankCandidates(answerCandidates(cues.expected, ev), cues);
    const acme = ranked.filter((c) => c.span === "Acme");
    const alone = rankCandidates(answerCandidates(cues.expected, [ev[0] as (typeof ev)[number]]), cues).find(
      (c) => c.span === "Acme",
    );
    expect(ranked[0]?.span).toBe("Acme");
    expect(acme[0]?.support).toBeGreaterThan(alone?.support ?? 1);
    expect(acme[0]?.score).toBeGreaterThan(alone?.score ?? 1);
  });
});

describe("rankCandidates: the doer of the act asked", () => {
  it("takes the person after 'by' when the question's act comes just before it", () => {
    const q = "Who introduced the Elm Act?";
    const ev = [
      evidence(
        "S1",
        "The Clean Rivers by Planting Trees Elm Act, known as the Elm Act, was a bill introduced in the House by Ada Van Holm on May 3, 2004.",
      ),
    ];
    const cues = questionCues(q, expectedAnswer(q));
    expect(rankCandidates(answerCandidates(cues.expected, ev), cues)[0]?.span).toBe("Ada Van Holm");
  });
});

describe("scoreCandidate: stated numbers", () => {
  it("a number the question states counts when the passage's heading carries it", () => {
    const q = "What is the initial conversion price of the notes due 2030?";
    const line = "The initial conversion price is approximately $80.84 per share.";
    const cues = questionCues(q, expectedAnswer(q));
    const under = (heading: string) =>
      rankCandidates(
        answerCandidates(cues.expected, [evidence("S1", line, { heading_path: ["Notes", heading] })]),
        cues,
      ).find((c) => c.span === "$80.84");
    expect(under("2030 Convertible Notes")?.stated).toBe(1);
    expect(under("Convertible Notes")?.stated).toBe(0);
    expect(under("2030 Convertible Notes")?.score).toBeGreaterThan(under("Convertible Notes")?.score ?? 1);
  });
});

describe("questionCues: words that point at the source", () => {
  const terms = (q: string) => questionCues(q, expectedAnswer(q)).terms;
  it("drop 'the paper', 'this table', 'the firm's debt table'; keep bare ones ('retrieve documents')", () => {
    expect(terms("What does the engine use to retrieve documents?")).toContain("document");
    expect(terms("How do I join two tables?")).toContain("tabl");
    expect(terms("What speedup does the paper report for the loop benchmark?")).not.toContain("paper");
    expect(terms("What rate does the firm's debt table show for the 2026 notes?")).not.toContain("tabl");
  });
});

describe("questionCues: numbers", () => {
  const numbers = (q: string) => questionCues(q, expectedAnswer(q)).numbers;
  it("a locator's number ('Figure 3-5', 'Note 15') says where to look, not a number to find", () => {
    expect(numbers("In the example (Figure 3-5), whose profile does the register hold?")).toEqual([]);
    expect(numbers("What liability does Note 15 give for 2021?")).toEqual(["2021"]);
    expect(numbers("Which 3 tables does the example join?")).toEqual(["3"]);
  });
});

describe("questionNames", () => {
  it("splits joined names, possessives and locator labels", () => {
    expect(questionNames("Did The Verge and TechCrunch report on Acme's 2021 results in Note 15?")).toEqual(
      expect.arrayContaining(["verge", "techcrunch", "acme"]),
    );
    expect(
      questionNames("Did The Verge and TechCrunch report on Acme's 2021 results in Note 15?"),
    ).not.toContain("note");
  });

  it("takes a software interface ('the CLI', 'Elm API') for a kind of thing, keeping whose it is", () => {
    expect(questionNames("How do I use the CLI to list Elm packages?")).toEqual(["elm"]);
    expect(questionNames("Can the Elm CLI decompile bytecode?")).toEqual(["elm"]);
  });

  it("takes a month or a weekday for a time, not a name", () => {
    expect(questionNames("Which Elm singer was born in the month of July?")).toEqual(["elm"]);
  });

  it("reads an ampersand abbreviation as its spelled-out words, not as part of a name", () => {
    expect(questionNames("Elm R&D spending: 2019 vs 2021")).toEqual(["elm"]);
    const cues = questionCues("Elm R&D spending: 2019 vs 2021", { type: "other", value: "other", rule: "t" });
    expect(cues.terms).toEqual(expect.arrayContaining(["research", "develop"]));
  });
});

describe("questionCues: the asking sentence", () => {
  it("takes the asking sentence's words, and the context's too when the asking sentence is thin", () => {
    const full = "The report covers the fleet. How many pilots did the airline employ in 2021?";
    expect(questionCues(full, expectedAnswer(full)).terms).not.toContain("fleet");
    const thin = "My training run sets cache=false and fails. What else must be configured?";
    expect(questionCues(thin, expectedAnswer(thin)).terms).toEqual(expect.arrayContaining(["train", "cach"]));
  });

  it("reads a question past an abbreviated name as one sentence", () => {
    const q = "Which adventure for the game Deep Halls, sold in 1987, was designed by Jo St. Vane?";
    const cues = questionCues(q, expectedAnswer(q));
    expect(cues.head).toBe("adventur");
    expect(cues.numbers).toEqual(["1987"]);
    // A short town name ends its sentence all the same.
    const town = "The rowing club was founded in 1987 in Ely. Which coach trained its senior crew first?";
    expect(questionCues(town, expectedAnswer(town)).terms).not.toContain("row");
  });

  it("an agreement bonus needs other passages to add coverage", () => {
    const q = "Who directed the film Gale Point?";
    const ev = [
      evidence("S1", "Gale Point is a film directed by Luis Marek and starring Ann Lee."),
      evidence("S2", "Ann Lee starred in many films."),
      evidence("S3", "Ann Lee was born in 1960."),
    ];
    const cues = questionCues(q, expectedAnswer(q));
    expect(rankCandidates(answerCandidates(cues.expected, ev), cues)[0]?.span).toBe("Luis Marek");
  });
});

describe("inQuestion", () => {
  it("knows a span the question states, whichever apostrophe either writes", () => {
    const cues = questionCues(
      "How does Pall's LuaJIT differ from TraceMonkey?",
      expectedAnswer("How does it work?"),
    );
    expect(inQuestion("Pall’s LuaJIT", cues)).toBe(true);
    expect(inQuestion("Pall's LuaJIT", cues)).toBe(true);
    expect(inQuestion("Lua VM", cues)).toBe(false);
  });
  it("reads the question's '&' as 'and'", () => {
    const q = 'What was the 1996 adaptation of the play "Rose & Thorn" called?';
    const cues = questionCues(q, expectedAnswer(q));
    expect(inQuestion("Rose and Thorn", cues)).toBe(true);
    expect(inQuestion("Trose and Thorn", cues)).toBe(false);
  });
  it("knows the question's company named with its legal form, but not a longer name", () => {
    const q = "Where is Elm Data Services headquartered?";
    const cues = questionCues(q, expectedAnswer(q));
    expect(inQuestion("Elm Data Services Limited", cues)).toBe(true);
    expect(inQuestion("Elm Data Services, Inc.", cues)).toBe(true);
    expect(inQuestion("Elm Data Services Park", cues)).toBe(false);
  });
});

describe("rankCandidates: bracketed acronyms", () => {
  it("takes no acronym of the question's own name or of common words for a place", () => {
    const q = "Where is Elm Data Services headquartered?";
    const ev = [
      evidence(
        "S1",
        "Elm Data Services Limited (EDS) is a computer services (CS) firm headquartered in Oakby, Colora.",
      ),
    ];
    const cues = questionCues(q, expectedAnswer(q));
    expect(rankCandidates(answerCandidates(cues.expected, ev), cues)[0]?.span).toBe("Oakby");
  });
  it("keeps an acronym when the question asks for one", () => {
    const q = "What is the abbreviation of Elm Data Services?";
    const ev = [evidence("S1", "Elm Data Services Limited (EDS) is a firm headquartered in Oakby.")];
    const cues = questionCues(q, expectedAnswer(q));
    expect(rankCandidates(answerCandidates(cues.expected, ev), cues).some((c) => c.span === "EDS")).toBe(
      true,
    );
  });
});

describe("rankCandidates: table rows", () => {
  it("of two rows naming the asked thing, takes the one that is just that thing", () => {
    const q = "What was the company's total revenue in 2021?";
    const table = [
      " | 2020 | 2021",
      "Revenue | $ 11,139 | $ 17,455",
      "Cost of revenue, exclusive of depreciation | 5,154 | 9,351",
    ];
    const cues = questionCues(q, expectedAnswer(q));
    const ranked = rankCandidates(answerCandidates(cues.expected, [evidence("S1", table.join("\n"))]), cues);
    expect(ranked[0]?.span).toBe("$ 17,455");
  });

  it("a count question takes a count over a percent, even one whose % sign is in the header", () => {
    const q = "How many stores were active?";
    const table = [" | 2021 | 2020 to 2021 %", "Active stores | 120 | 27"];
    const cues = questionCues(q, expectedAnswer(q));
    const candidates = answerCandidates(cues.expected, [evidence("S1", table.join("\n"))]);
    expect(candidates.find((c) => c.span === "27")?.type).toBe("percent");
    expect(rankCandidates(candidates, cues)[0]?.span).toBe("120");
  });
});

describe("rankCandidates: an acronym asked", () => {
  it("takes the sentence that spells the acronym out over ones that only use it", () => {
    const q = "What is RCAC?";
    const ev = [
      evidence("S1", "Compare the indexes advised without RCAC and with RCAC enabled."),
      evidence("S2", "Plan RCAC as a part of your data governance policy."),
      evidence(
        "S3",
        "This paper describes the Row and Column Access Control (RCAC) feature of the database.",
      ),
    ];
    const cues = questionCues(q, expectedAnswer(q));
    expect(cues.asked).toBe("RCAC");
    expect(rankCandidates(answerCandidates(cues.expected, ev), cues)[0]?.sid).toBe("S3");
    expect(
      questionCues("What is Uber's revenue?", expectedAnswer("What is Uber's revenue?")).asked,
    ).toBeUndefined();
  });
});
