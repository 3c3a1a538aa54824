import { describe, expect, it } from "vitest";
import { parseCitedAnswer } from "../llm/cited-text.js";
import { NOT_FOUND_RE, notFoundTextFor, questionLanguage } from "./answer-language.js";

describe("answer language", () => {
  it("follows the question's script", () => {
    expect(questionLanguage("Какая выручка у Uber в 2021 году?")).toBe("ru");
    expect(questionLanguage("What was Uber's revenue in 2021?")).toBe("en");
    // Mostly Latin names in a Russian sentence still read as Russian.
    expect(questionLanguage("Что такое GFM-RAG?")).toBe("ru");
    expect(questionLanguage("12345")).toBe("en");
  });

  it("says not found in that language, and recognises both phrasings", () => {
    expect(notFoundTextFor("Кто написал Мону Лизу?")).toBe("Не найдено в проиндексированных документах.");
    expect(notFoundTextFor("Who painted it?")).toBe("Not found in the indexed documents.");
    expect(NOT_FOUND_RE.test("Не найдено в проиндексированных документах.")).toBe(true);
    expect(NOT_FOUND_RE.test("Not found in the indexed documents.")).toBe(true);
  });

  it("keeps cited Russian sentences (\\w does not match Cyrillic)", () => {
    const parsed = parseCitedAnswer(
      "Выручка выросла на 57%. [S1] Не найдено в проиндексированных документах.",
      new Set(["S1"]),
    );
    expect(parsed.draft.sentences).toEqual([{ text: "Выручка выросла на 57%.", cites: ["S1"] }]);
    expect(parsed.dropped).toBe(0);
    expect(parsed.said_not_found).toBe(true);
  });
});
