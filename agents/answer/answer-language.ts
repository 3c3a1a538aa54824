import { NOT_FOUND_TEXT } from "../schemas.js";

/** Languages the answerer speaks: the UI catalogue's two. */
export type AnswerLanguage = "en" | "ru";

const NOT_FOUND: Record<AnswerLanguage, string> = {
  en: NOT_FOUND_TEXT,
  ru: "Не найдено в проиндексированных документах.",
};

/** Matches the not-found sentence in any language the answerer speaks (an LLM may echo either). */
export const NOT_FOUND_RE = /not found in the indexed documents|не найдено в проиндексированных документах/iu;

/** The question's language: Russian when it has more Cyrillic than Latin letters, else English. */
export function questionLanguage(question: string): AnswerLanguage {
  const cyrillic = question.match(/\p{Script=Cyrillic}/gu)?.length ?? 0;
  const latin = question.match(/\p{Script=Latin}/gu)?.length ?? 0;
  return cyrillic > latin ? "ru" : "en";
}

/** "Not found" in the question's language. */
export const notFoundTextFor = (question: string): string => NOT_FOUND[questionLanguage(question)];

/** The language name a model is told to answer in. */
export const languageName = (lang: AnswerLanguage): string => (lang === "ru" ? "Russian" : "English");
