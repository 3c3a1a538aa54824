import type { RetrievalFilter } from "../../src/domain/retrieval-filter.js";
import type { GraphStore } from "../../src/store/graph-store.js";
import { escapeRegExp } from "../text.js";
import { wordSearchChunks } from "./word-search-chunks.js";

/** Plurals without an "s": the counted noun as it is, in the question and in the passages. */
const IRREGULAR_PLURAL = /(?:people|men|children)$/;

/** Words that end the counted phrase: the verb, a preposition or a determiner after the noun. */
const PHRASE_END =
  /^(?:did|does|do|was|were|is|are|has|have|had|will|would|can|could|should|may|might|in|on|at|of|for|per|from|to|with|by|across|during|the|a|an|that|which|who)$/i;

/**
 * The noun a count question counts: "How many cities was X available in?" → "cities", "How many
 * monthly active platform consumers did …" → "consumers", "the number of employees" → "employees".
 * The last plural among the (at most four) words after "how many" / "number of", else the first. Pure.
 */
export function countedNoun(question: string): string | null {
  // "How many of its stores …": the noun comes after "of the / its / their".
  const m =
    /\b(?:how many|number of)\s+(?:of\s+(?:the|its|their|our|these|those)\s+)?((?:[\p{L}-]+\s*){1,4})/iu.exec(
      question,
    );
  if (!m?.[1]) return null;
  const words: string[] = [];
  for (const w of m[1].trim().split(/\s+/)) {
    if (PHRASE_END.test(w)) break;
    words.push(w.toLowerCase());
  }
  return words.findLast((w) => /[^s]s$/.test(w) || IRREGULAR_PLURAL.test(w)) ?? words[0] ?? null;
}

/**
 * "10,500 cities", "approximately 72 countries", "29,300 full-time employees": a number counting the
 * noun. A year counts nothing, nor a number a comma ends ("December 31, 2021, consumers"), nor a
 * locator's ("see Note 4 regarding employees").
 */
export function countsNoun(text: string, noun: string): boolean {
  const re = new RegExp(
    `(?<!\\b(?:note|item|page|section|chapter|figure|table|part|step)\\s+)\\b(?!(?:19|20)\\d\\d\\b)\\d(?:[\\d,.]*\\d)?(?:\\s+(?:million|billion|thousand|hundred))?\\s+(?:(?!(?:the|a|an|of|in|and|or|to|for)\\s)[\\p{L}-]+\\s+){0,3}${nounForms(noun)}\\b`,
    "iu",
  );
  return re.test(text);
}

/** The noun in the singular or the plural: "cities" → cit(?:y|ies), "trips" → trip(?:e?s)?. */
function nounForms(noun: string): string {
  if (noun.endsWith("ies")) return `${escapeRegExp(noun.slice(0, -3))}(?:y|ies)`;
  if (noun.endsWith("s")) return `${escapeRegExp(noun.slice(0, -1))}(?:e?s)?`;
  return IRREGULAR_PLURAL.test(noun) ? escapeRegExp(noun) : `${escapeRegExp(noun)}s?`;
}

/**
 * For a count question, the passages among the question's BM25 hits that state a number of the
 * counted noun, best first (at most `limit`): dense and walk rankings can bury a passage whose
 * count sits in a long paragraph about something else (docqa: "approximately 10,500 cities").
 */
export async function countedPassages(
  store: GraphStore,
  question: string,
  filter?: RetrievalFilter,
  limit = 2,
): Promise<string[]> {
  const noun = countedNoun(question);
  if (!noun) return [];
  const chunks = await wordSearchChunks(store, question, 30, filter);
  return chunks
    .filter((c) => countsNoun(c.text, noun))
    .slice(0, limit)
    .map((c) => c.id);
}
