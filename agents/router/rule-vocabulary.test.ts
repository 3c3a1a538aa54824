import { describe, expect, it } from "vitest";
import { nameLikeRuleWords, routerRuleWords, ruleWords } from "./rule-vocabulary.js";

describe("rule vocabulary", () => {
  it("reads the words of regex literals and RegExp templates, not comments or escapes", () => {
    const src = [
      "// an example: /from TechCrunch and The Verge/",
      "const A = /\\b(reported by|according to)\\b\\p{Lu}/iu;",
      "const B = new RegExp(`\\\\bbefore ` + X, 'i');",
      "const C = /\\b(techcrunch|verge)\\b/i;",
    ].join("\n");
    expect(ruleWords(src)).toEqual(["according", "before", "reported", "techcrunch", "verge"]);
  });

  it("flags a rule word that the questions only ever write as a name", () => {
    const texts = ["Did The Verge report it before TechCrunch did?", "Was it reported before noon?"];
    expect(nameLikeRuleWords(["verge", "before", "reported", "techcrunch"], texts)).toEqual([
      "verge",
      "techcrunch",
    ]);
  });

  it("the router's rules name no outlet, product or sample document of the datasets", () => {
    // Names seen in ../shared (MultiHop-RAG outlets, corpus documents) and in earlier versions of the rules.
    const names = ["techcrunch", "verge", "guardian", "wired", "cnbc", "bbc", "espn", "engadget"];
    const more = ["polygon", "fortune", "herald", "uber", "aptos", "gfm", "ibm", "boeing", "asset"];
    const words = routerRuleWords();
    expect(words.length).toBeGreaterThan(100);
    expect(words.filter((w) => names.includes(w) || more.includes(w))).toEqual([]);
  });
});
