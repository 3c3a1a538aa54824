import { countryOfNationality, isCountry } from "../retrieve/demonyms.js";
import { splitSentences } from "../text.js";
import { readerTerms } from "./reader-terms.js";
import type { SharedQuestion } from "./shared-question.js";

/**
 * The phrases a passage holds and how it says them, for compose-shared.ts: runs of up to five
 * words of one sentence keyed by their stems, read as the kind a question asks (a country, a name,
 * a description), and whether a sentence calls one what its subject is. General English only. Pure.
 */
// "lit." is the dictionary abbreviation of "literally" that glosses a foreign title ("(lit. …)").
export const STOP = new Set(
  "a an the of in on at to for from by with and or as is was are were be been its their his her it this that which who also has have had one two first new lit he she they".split(
    " ",
  ),
);
const TOKEN = /[\p{L}\d][\p{L}\d'’&-]*(?:\.(?=\p{L}\.))?/gu;
export const tokens = (s: string): string[] => [...s.matchAll(TOKEN)].map((m) => m[0]);

// Stemming dominates the cost of indexing a passage: each distinct word is stemmed once.
const STEMS = new Map<string, string>();
export function norm(t: string): string {
  const known = STEMS.get(t);
  if (known !== undefined) return known;
  if (STEMS.size > 50_000) STEMS.clear();
  const stem = readerTerms(t)[0] ?? t.toLowerCase();
  STEMS.set(t, stem);
  return stem;
}

export interface Phrase {
  text: string;
  key: string;
  words: string[];
}

/** A passage's sentences and its phrases, each with the first sentence that holds it. */
export interface PhraseIndex {
  sentences: string[];
  phrases: Map<string, Phrase & { sentence: number }>;
}

/** Each run of up to five words within a sentence, keyed by its stems; no stop word at either end. */
export function phraseIndex(text: string): PhraseIndex {
  const sentences = splitSentences(text);
  const out = new Map<string, Phrase & { sentence: number }>();
  sentences.forEach((s, sentence) => {
    const ws = tokens(s);
    const keys = ws.map(norm);
    for (let i = 0; i < ws.length; i++) {
      if (STOP.has((ws[i] ?? "").toLowerCase())) continue;
      for (let n = 1; n <= 5 && i + n <= ws.length; n++) {
        if (STOP.has((ws[i + n - 1] ?? "").toLowerCase())) continue;
        const key = keys.slice(i, i + n).join(" ");
        const words = ws.slice(i, i + n);
        if (!out.has(key)) out.set(key, { text: words.join(" "), key, words, sentence });
      }
    }
  });
  return { sentences, phrases: out };
}

const capitalised = (w: string): boolean => /^[\p{Lu}\d]/u.test(w) || STOP.has(w.toLowerCase());
// Months as names are written with a capital ("may" and "march" are verbs).
const MONTH = /^(?:January|February|March|April|May|June|July|August|September|October|November|December)$/;

// Words a description does not end with: a participle or a bare modifier ("born", "professional").
export const NOT_A_HEAD =
  /^(?:born|known|formed|based|located|founded|released|professional|former|current|also|best|written|made|sung|shown|held|led|built|won|run|given|taken|drawn|sold|grown|seen|\p{Ll}+ed|\p{Ll}+ly|\p{Ll}+ing)$/u;

const PERFORMER =
  /^(?:singer|musician|band|group|artist|songwriter|rapper|vocalist|composer|player|music)s?$/i;

/** The phrase as the kind asked takes it, or null when it is not of that kind. */
export function asAsked(p: Phrase, q: Pick<SharedQuestion, "asks" | "head">): string | null {
  if (q.asks === "nationality" || q.asks === "country") return p.words.length <= 2 ? placeOf(p.text) : null;
  if (q.asks === "month") return p.words.length === 1 && MONTH.test(p.text) ? p.text : null;
  // "What language …?": a language is named by its people's word ("English").
  if (q.asks === "language") return p.words.length === 1 && countryOfNationality(p.text) ? p.text : null;
  if (q.asks === "name") {
    // "Colorese Oak Party" is the Oak Party; "Oak Night 2015" is Oak Night; "Ned Vosk's" is Ned Vosk.
    const words = [...p.words];
    while (words.length > 1 && countryOfNationality(words[0] ?? "")) words.shift();
    while (words.length > 1 && /^\d+$/.test(words.at(-1) ?? "")) words.pop();
    words.push((words.pop() ?? "").replace(/['’]s$/, ""));
    const text = words.join(" ");
    const proper =
      /^[\p{Lu}\d]/u.test(text) && words.every(capitalised) && !STOP.has((words.at(-1) ?? "").toLowerCase());
    return proper && !countryOfNationality(text) && !MONTH.test(text) && !/^\d+$/.test(text) ? text : null;
  }
  // A description in lower case: "American lawyer" is a lawyer, "Colorese physicist" a physicist.
  const at = p.words.findIndex((w) => !/^[\p{Lu}]/u.test(w));
  const rest = at < 0 ? [] : p.words.slice(at);
  // "What genre do they sing?": "gospel" of "gospel singer".
  if (q.head === "genr" && rest.length > 1 && PERFORMER.test(rest.at(-1) ?? "")) rest.pop();
  if (rest.length === 0 || rest.some((w) => /^[\p{Lu}]/u.test(w))) return null;
  const [first = "", last = ""] = [rest[0], rest.at(-1)];
  if (STOP.has(first.toLowerCase()) || STOP.has(last.toLowerCase()) || NOT_A_HEAD.test(last)) return null;
  return rest.join(" ");
}

/** The country a nationality word or a country's name stands for ("Canadian", "Canada" → "Canada"). */
export const placeOf = (text: string): string | null =>
  countryOfNationality(text) ?? (/^\p{Lu}/u.test(text) && isCountry(text) ? text : null);

// "is a Colorese physicist", "as a goalkeeper", ", a private equity firm": what a thing is said to be.
// A copula (or "as") says so; an article alone does not ("It advises a private equity firm").
const DESCRIBING = new Set(["is", "was", "are", "were", "as", "became", "becomes", "remains"]);

/** How a sentence says the phrase: as a description, as a whole name, where, and how near the given words. */
export function reading(sentence: string, key: string, near: readonly string[]) {
  const found = [...sentence.matchAll(TOKEN)];
  const ws = found.map((m) => m[0]);
  const keys = ws.map(norm);
  const n = key.split(" ").length;
  const i = keys.findIndex((_, j) => keys.slice(j, j + n).join(" ") === key);
  if (i < 0) return { described: false, copular: false, whole: false, distance: Infinity, placed: false };
  // Only a word right beside the phrase (a space apart) goes on with it: "Oak Awards Program (OAP)" ends.
  const spaced = (x: number, y: number) => {
    const [a, b] = [found[x], found[y]];
    return !!a && !!b && /^\s+$/.test(sentence.slice((a.index ?? 0) + a[0].length, b.index ?? 0));
  };
  const before = spaced(i - 1, i) ? ws[i - 1] : undefined;
  const next = spaced(i + n - 1, i + n) ? ws[i + n] : undefined;
  // "theoretical" in "a theoretical physicist" is no description: the noun goes on.
  const ends = !next || STOP.has(next.toLowerCase()) || NOT_A_HEAD.test(next) || /^\p{Lu}/u.test(next);
  const copular = ws.slice(Math.max(0, i - 8), i).some((w) => DESCRIBING.has(w.toLowerCase()));
  const described = ends && copular;
  // "Oak" of "Oak Party" is no whole name.
  const proper = (w: string | undefined) => !!w && /^\p{Lu}/u.test(w) && !STOP.has(w.toLowerCase());
  // A possessive before ends the name before it ("the Council's Oak Awards Program").
  const whole = !proper(next) && (i === 0 || !proper(before) || /['’]s$/.test(before ?? ""));
  // The question's words outside the phrase, how many words away.
  const at = keys.flatMap((k, j) => (near.includes(k) && (j < i || j >= i + n) ? [j] : []));
  const distance = Math.min(...at.map((j) => (j < i ? i - j : j - (i + n - 1))));
  // "plays its home games in Ferndale": a place is where something is.
  const placed =
    /^(?:in|at|near|from|of)$/i.test(ws[i - 1] ?? "") || /^(?:in|at|near|from)$/i.test(ws[i - 2] ?? "");
  return { described, copular, whole, distance, placed };
}
