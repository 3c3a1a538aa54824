import { describe, expect, it } from "vitest";
import { analyze, analyzeQuery, detectLanguage, foldLatin } from "./analyzer.js";

describe("analyze", () => {
  it("stems English and Russian words with their own Snowball stemmer", () => {
    expect(analyze("Companies running")).toBe("compani run");
    expect(analyze("Выручка компании; выручки компаниями")).toBe("выручк компан выручк компан");
  });
  it("handles mixed text, digits and ё", () => {
    expect(analyze("Uber выручка 2021 ещё")).toBe("uber выручк 2021 ещ");
  });
  it("detects the language of a text", () => {
    expect(detectLanguage("Годовой отчёт компании за 2021 год")).toBe("ru");
    expect(detectLanguage("Annual report of the company, Выручка")).toBe("en");
  });
});

describe("analyzeQuery", () => {
  it("adds each hyphen or underscore compound written as one word", () => {
    expect(analyzeQuery("How do I install GFM-RAG?").split(" ")).toContain("gfmrag");
    expect(analyzeQuery("set train_batch_size").split(" ")).toContain("trainbatchs");
    expect(analyzeQuery("plain words only")).toBe(analyze("plain words only"));
    expect(analyzeQuery("AD 2018-23-51")).toBe(analyze("AD 2018-23-51"));
  });
});

describe("foldLatin", () => {
  it("drops the accents of Latin letters only, one letter for one", () => {
    const text = "Ilse Härtling, Zürich, São Paulo";
    expect(foldLatin(text)).toBe("Ilse Hartling, Zurich, Sao Paulo");
    expect(foldLatin(text)).toHaveLength(text.length);
    // Russian й and ё keep their marks: they are other letters, not accented ones.
    expect(foldLatin("Музей и ёлка")).toBe("Музей и ёлка");
    const plain = "Plain text";
    expect(foldLatin(plain)).toBe(plain);
  });
});
