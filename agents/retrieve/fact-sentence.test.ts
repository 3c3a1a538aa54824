import { describe, expect, it } from "vitest";
import { factSentence, readableFact, validity } from "./fact-sentence.js";
import { participle, pastTense, presentTense } from "./verb-forms.js";

const fact = (subject: string, predicate: string, object: string, evidence = "", dates = {}) => ({
  subject,
  predicate,
  object,
  evidence,
  ...dates,
});

describe("factSentence", () => {
  it("quotes the source from subject to object, keeping its tense and negation", () => {
    expect(
      factSentence(fact("Teutberga", "queen of", "Lotharingia", "Teutberga was a queen of Lotharingia.")),
    ).toBe("Teutberga was a queen of Lotharingia.");
    expect(
      factSentence(
        fact("Acme", "acquire", "Widgets Ltd", "In 2020 Acme did not acquire Widgets Ltd after all."),
      ),
    ).toBe("Acme did not acquire Widgets Ltd.");
  });

  it("builds the sentence from the predicate when the source does not hold both names close together", () => {
    expect(
      factSentence(fact("Alice Smith", "direct", "Film X", "", { valid_from: "2001", valid_to: "2001" })),
    ).toBe("Alice Smith directed Film X (2001).");
    expect(factSentence(fact("Film X", "direct by", "Alice Smith", "He is known for it."))).toBe(
      "Film X is directed by Alice Smith.",
    );
    expect(factSentence(fact("Lothair II", "king of", "Lotharingia"))).toBe(
      "Lothair II was king of Lotharingia.",
    );
    expect(factSentence(fact("Uber", "based in", "San Francisco", "It is big."))).toBe(
      "Uber is based in San Francisco.",
    );
    expect(factSentence(fact("FAA", "alias of", "Federal Aviation Administration"))).toBe(
      "FAA stands for Federal Aviation Administration.",
    );
    expect(factSentence(fact("Jane Doe", "born", "8 December 1982", "", { valid_from: "1982-12-08" }))).toBe(
      "Jane Doe was born on 8 December 1982.",
    );
    expect(factSentence(fact("Jane Doe", "born", "1950", "", { valid_from: "1950" }))).toBe(
      "Jane Doe was born in 1950.",
    );
    expect(factSentence(fact("Delta", "is a", "airline"))).toBe("Delta was an airline.");
  });

  it("does not quote across clauses or long gaps", () => {
    const far =
      "Alice Smith, who grew up in a small town near the coast and later studied abroad, wrote Film X.";
    expect(factSentence(fact("Alice Smith", "write", "Film X", far))).toBe("Alice Smith wrote Film X.");
  });

  it("leaves out a fact the source names in no subject–verb–object clause", () => {
    const misread = fact(
      "Trips",
      "complete consumer",
      "Mobility",
      "We define Trips as the number of completed consumer Mobility rides.",
    );
    expect(readableFact(misread)).toBeUndefined();
    expect(readableFact(fact("Segment", "report", "EBITDA", "Segment EBITDA rose."))).toBeUndefined();
    expect(
      readableFact(fact("Loss", "total", "Revenue", "| Revenue | 557 |\n| Loss | 12 |")),
    ).toBeUndefined();
    // factSentence still says it (a path needs every hop), readableFact keeps the good ones.
    expect(factSentence(misread)).toBe("Trips completed consumer Mobility.");
    expect(
      readableFact(
        fact(
          "Levandowski",
          "assert claim against",
          "Uber",
          "Levandowski additionally asserted a claim against Uber alleging fraud.",
        ),
      ),
    ).toBe("Levandowski additionally asserted a claim against Uber.");
    expect(readableFact(fact("Lothair II", "king of", "Lotharingia", "He ruled."))).toBe(
      "Lothair II was king of Lotharingia.",
    );
  });

  it("states validity in words", () => {
    expect(validity({ valid_from: "2001", valid_to: "2005" })).toBe("from 2001 to 2005");
    expect(validity({ valid_to: "2005" })).toBe("until 2005");
    expect(validity({ valid_from: "2018-11-07" })).toBe("2018-11-07");
    expect(validity({})).toBe("");
  });
});

describe("verb forms", () => {
  it("inflects regular and irregular verbs", () => {
    expect(["direct", "marry", "stop", "open", "write", "found", "lead"].map(pastTense)).toEqual([
      "directed",
      "married",
      "stopped",
      "opened",
      "wrote",
      "founded",
      "led",
    ]);
    expect(participle("write")).toBe("written");
    expect(["host", "marry", "watch", "have"].map(presentTense)).toEqual([
      "hosts",
      "marries",
      "watches",
      "has",
    ]);
  });
});
