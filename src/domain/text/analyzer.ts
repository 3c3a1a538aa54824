import { createRequire } from "node:module";
import type { Stemmer } from "snowball-stemmers";
import { spelledOut } from "./abbreviations.js";

export type Language = "en" | "ru";

// Loaded on the first stem, not with the module: it is 850 KB of every language's stemmer and
// the store imports this file, so commands that never search (agr stats) would pay for it.
let stemmers: Record<Language, Stemmer> | undefined;
function stemmerFor(language: Language): Stemmer {
  if (!stemmers) {
    const snowball: typeof import("snowball-stemmers") = createRequire(import.meta.url)("snowball-stemmers");
    stemmers = { en: snowball.newStemmer("english"), ru: snowball.newStemmer("russian") };
  }
  return stemmers[language];
}
const CYRILLIC = /\p{Script=Cyrillic}/u;
const cache = new Map<string, string>();

/** Language of one word by its script: Cyrillic words are Russian, everything else English. */
export const wordLanguage = (word: string): Language => (CYRILLIC.test(word) ? "ru" : "en");

/** Language of a text: Russian when most of its letters are Cyrillic. */
export function detectLanguage(text: string): Language {
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  const cyrillic = text.match(/\p{Script=Cyrillic}/gu)?.length ?? 0;
  return letters > 0 && cyrillic / letters > 0.5 ? "ru" : "en";
}

/** Snowball stem of a lower-case word, chosen per word so mixed RU+EN text works. */
export function stem(word: string): string {
  let hit = cache.get(word);
  if (hit === undefined) {
    hit = /^\p{N}+$/u.test(word) ? word : stemmerFor(wordLanguage(word)).stem(word);
    if (cache.size > 200_000) cache.clear();
    cache.set(word, hit);
  }
  return hit;
}

/** Words of a text: NFKC, lower case, letters and digits only (ё folded to е as Russian search expects). */
export function words(text: string): string[] {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/ё/g, "е")
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0);
}

// Precomposed Latin letters with marks: Latin-1 Supplement, Extended-A/B, Latin Extended Additional.
const ACCENTED = /[\u00C0-\u024F\u1E00-\u1EFF]/g;
const BASE_AND_MARKS = /^[A-Za-z]\p{M}+$/u;

/**
 * Latin letters without their accents ("Zürich" → "Zurich", "São" → "Sao"): people type names
 * without them. One letter for one, so positions in the result are positions in the text.
 * Letters with no decomposition (Ł, Ø, Æ) and other scripts (Russian "й") stay as they are.
 */
export function foldLatin(text: string): string {
  return text.replace(ACCENTED, (c) => {
    const d = c.normalize("NFD");
    return BASE_AND_MARKS.test(d) ? (d[0] ?? c) : c;
  });
}

/** The text as the BM25 index sees it: stemmed words separated by spaces (index and query alike). */
export function analyze(text: string): string {
  return words(text).map(stem).join(" ");
}

/**
 * A query as the index sees it, plus each joined compound written as one word: "GFM-RAG" and
 * "snake_case" also search "gfmrag" and "snakecase", since documents write such names both ways
 * ("pip install gfmrag"); an ampersand abbreviation also searches its spelled-out words. Only
 * the query gains terms; the index is unchanged.
 */
export function analyzeQuery(text: string): string {
  const joined = [...text.normalize("NFKC").matchAll(/[\p{L}\p{N}]+(?:[-_][\p{L}\p{N}]+)+/gu)]
    .map((m) => m[0].replace(/[-_]/g, ""))
    .filter((w) => /\p{L}/u.test(w))
    .flatMap(words)
    .map(stem);
  // "R&D" also searches "research and development" (abbreviations.ts).
  const spelled = spelledOut(text).map(analyze);
  return [analyze(text), ...joined, ...spelled].filter((t) => t.length > 0).join(" ");
}
