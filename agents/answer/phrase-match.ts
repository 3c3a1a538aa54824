/** Whole-word phrase matching for the reader's name checks (any occurrence, not only the first). */
import { foldLatin } from "../../src/domain/text/analyzer.js";
import { escapeRegExp } from "../text.js";

/** Whether a lower-cased text names a phrase as whole words (any occurrence, singular or plural). */
export function says(lowered: string, name: string): boolean {
  // "Zurich" in the question names "Zürich" in the text.
  const text = foldLatin(lowered);
  const phrase = foldLatin(name);
  const p = escapeRegExp(phrase);
  // A footnote mark glued to a word ("the Ponemon Institute2 found") does not hide the name.
  const mark = /\p{L}{3}$/u.test(phrase) ? "(?:\\d{1,2})?" : "";
  return new RegExp(`(?<![\\p{L}\\p{N}])${p}(?:e?s)?${mark}(?![\\p{L}\\p{N}])`, "u").test(text);
}

/** Every word of a multi-word name (2+ letters) occurs in the text, not necessarily together. */
export function wordsIn(text: string, name: string): boolean {
  const words = name.split(/[\s/-]+/).filter((w) => w.length >= 2);
  return words.length > 1 && words.every((w) => says(text, w));
}
