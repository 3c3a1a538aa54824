import { contentTerms, splitSentences } from "../text.js";

/**
 * The sentence of a text that holds most of the given terms, and how many it holds; the first such
 * sentence on a tie, the first sentence when none holds any. Null for a text with no sentence.
 * Terms are compared as `termsOf` gives them (content stems by default). Pure.
 */
export function bestSentence(
  text: string,
  terms: readonly string[],
  termsOf: (sentence: string) => string[] = contentTerms,
): { text: string; held: number } | null {
  let best: { text: string; held: number } | null = null;
  for (const sentence of splitSentences(text)) {
    const own = new Set(termsOf(sentence));
    const held = terms.filter((t) => own.has(t)).length;
    if (!best || held > best.held) best = { text: sentence, held };
  }
  return best;
}
