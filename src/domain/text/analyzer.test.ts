import { describe, expect, it } from "vitest";
import { analyze, detectLanguage } from "./analyzer.js";

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
