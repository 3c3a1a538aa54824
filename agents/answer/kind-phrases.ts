import type { Span } from "./answer-spans.js";
import { askedHead } from "./asked-head.js";
import { readerTerms } from "./reader-terms.js";

/**
 * "What kind of garbage collector …?", "a company that provides what sort of products?": the
 * answer is the head noun with the words a passage puts before it ("an exact, stop-the-world
 * mark-and-sweep collector", "IT products and services"), a phrase no name finder sees. Pure.
 */

/** The stem of the noun a "what kind/sort/type of X" question asks about, or undefined. */
export function sortAsked(question: string): string | undefined {
  // "what kind of garbage collector does …": the noun phrase's last word (asked-head.ts).
  return KIND_OF.test(question) ? askedHead(question) : undefined;
}

const KIND_OF = /\b(?:what|which)\s+(?:kinds?|sorts?|types?|variety|varieties)\s+of\s+\p{L}/iu;

// Words that end a modifier run walking back from the head: articles, pronouns, prepositions,
// conjunctions and the verbs that put a thing in a sentence ("X provides IT products").
const STOP = new Set(
  (
    "a an the this that these those it he she they we i you its their his her our your my which who whose what and or but nor " +
    "of in on at by for with from to into onto as than via per about over under between among " +
    "is are was were be been being has have had do does did use uses used using provide provides provided " +
    "offer offers offered make makes made produce produces produced sell sells sold include includes " +
    "including such other various several many some all any each every no not also only both either new"
  ).split(" "),
);

const WORD = /^[\p{L}\d][\p{L}\d'’-]*$/u;
const MAX_MODIFIERS = 4;

/**
 * Each place a text names the head noun (any inflection) after words describing it: the
 * describing words and the head, and a second noun joined by "and"/"or" ("products and services").
 */
export function kindPhrases(text: string, sort: string): Span[] {
  const out: Span[] = [];
  const tokens = [...text.matchAll(/\S+/g)].map((m) => ({ raw: m[0], at: m.index ?? 0 }));
  tokens.forEach((t, i) => {
    const bare = t.raw.replace(/[.,;:!?)"”]+$/, "");
    // A capitalised head is a name's word ("Elm University"): the name finder has it.
    if (!/^\p{Ll}/u.test(bare) || !WORD.test(bare) || readerTerms(bare)[0] !== sort) return;
    let from = i;
    for (let j = i - 1; j >= 0 && i - j <= MAX_MODIFIERS; j--) {
      const prior = tokens[j]?.raw ?? "";
      const word = prior.replace(/,$/, "");
      // A plural, an adverb or a past participle is no describing word ("sells cars", "mainly"); nor is a stop.
      // An all-capitals word is an acronym ("IT products"), not the pronoun.
      const stop = !/^\p{Lu}{2,}$/u.test(word) && STOP.has(word.toLowerCase());
      if (!WORD.test(word) || stop || /^\p{Ll}+(?:(?<!s)s|ly|ed)$/u.test(word)) break;
      // "exact, non-generational, … collector": commas between describing words; after a name
      // or a number a comma ends a clause ("In 2020, products …").
      if (word !== prior && !/^\p{Ll}/u.test(word)) break;
      from = j;
    }
    if (from === i) return;
    let end = t.at + bare.length;
    // "products and services": the pair is the kind, when the head ends no clause of its own.
    const [and, next] = [tokens[i + 1], tokens[i + 2]];
    const second = next?.raw.replace(/[.,;:!?)"”]+$/, "") ?? "";
    if (
      bare === t.raw &&
      /^(?:and|or)$/.test(and?.raw ?? "") &&
      /^\p{Ll}{3,}$/u.test(second) &&
      !STOP.has(second)
    )
      end = (next?.at ?? 0) + second.length;
    const at = tokens[from]?.at ?? t.at;
    out.push({ text: text.slice(at, end), type: "other", at });
  });
  return out;
}
