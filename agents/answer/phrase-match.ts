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

/**
 * A name of three words or more written with one slip ("Livesey Hal War Memorial" for "Livesey
 * Hall War Memorial"): every word but one occurs in the text, and that one (letters only, three or
 * more) is one letter added, dropped or changed from a text word of four letters or more.
 */
export function nearlyIn(text: string, name: string): boolean {
  const words = name.split(/[\s/-]+/).filter((w) => w.length >= 2);
  if (words.length < 3) return false;
  const missing = words.filter((w) => !says(text, w));
  const [slip] = missing;
  if (missing.length !== 1 || !slip || !/^\p{L}{3,}$/u.test(slip)) return false;
  const w = foldLatin(slip);
  return (foldLatin(text).match(/\p{L}{4,}/gu) ?? []).some((v) => v !== w && oneEdit(w, v));
}

/** Whether two words differ by one letter added, dropped or changed. */
function oneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i += 1;
  if (a.length === b.length) return a.slice(i + 1) === b.slice(i + 1);
  return a.length < b.length ? a.slice(i) === b.slice(i + 1) : a.slice(i + 1) === b.slice(i);
}
