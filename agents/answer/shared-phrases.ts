import { countryOfNationality, isCountry } from "../retrieve/demonyms.js";
import { splitSentences } from "../text.js";
import { CALENDAR_WORDS } from "./answer-spans.js";
import { readerTerms } from "./reader-terms.js";
import type { SharedQuestion } from "./shared-question.js";

/**
 * The phrases a passage holds and how it says them, for compose-shared.ts: runs of up to five
 * words keyed by their stems, read as the kind a question asks (a country, a name, a description),
 * and whether a sentence calls one what its subject is. General English only. Pure.
 */
export const STOP = new Set(
  "a an the of in on at to for from by with and or as is was are were be been its their his her it this that which who also has have had one two first new lit he she they".split(
    " ",
  ),
);
const TOKEN = /[\p{L}\d][\p{L}\d'’&-]*(?:\.(?=\p{L}\.))?/gu;
export const tokens = (s: string): string[] => [...s.matchAll(TOKEN)].map((m) => m[0]);
export const norm = (t: string): string => readerTerms(t)[0] ?? t.toLowerCase();

export interface Phrase {
  text: string;
  key: string;
  words: string[];
}

/** Each run of up to five words of a text, keyed by its stems; no stop word at either end. */
export function phrases(text: string): Map<string, Phrase> {
  const out = new Map<string, Phrase>();
  const ws = tokens(text);
  for (let i = 0; i < ws.length; i++)
    for (let n = 1; n <= 5 && i + n <= ws.length; n++) {
      const words = ws.slice(i, i + n);
      if (STOP.has((words[0] ?? "").toLowerCase()) || STOP.has((words.at(-1) ?? "").toLowerCase())) continue;
      const key = words.map(norm).join(" ");
      if (!out.has(key)) out.set(key, { text: words.join(" "), key, words });
    }
  return out;
}

const capitalised = (w: string): boolean => /^[\p{Lu}\d]/u.test(w) || STOP.has(w.toLowerCase());
const MONTH = new RegExp(`^(?:${CALENDAR_WORDS.join("|")})$`, "i");

// Words a description does not end with: a participle or a bare modifier ("born", "professional").
const NOT_A_HEAD =
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
    // "Irish Fine Gael" is Fine Gael; "Delirium 2015" is Delirium.
    const words = [...p.words];
    while (words.length > 1 && countryOfNationality(words[0] ?? "")) words.shift();
    while (words.length > 1 && /^\d+$/.test(words.at(-1) ?? "")) words.pop();
    words.push((words.pop() ?? "").replace(/['’]s$/, ""));
    const text = words.join(" ");
    const proper =
      /^[\p{Lu}\d]/u.test(text) && words.every(capitalised) && !STOP.has((words.at(-1) ?? "").toLowerCase());
    return proper && !countryOfNationality(text) && !MONTH.test(text) && !/^\d+$/.test(text) ? text : null;
  }
  // A description in lower case: "American lawyer" is a lawyer, "Italian physicist" a physicist.
  const at = p.words.findIndex((w) => !/^[\p{Lu}]/u.test(w));
  const rest = at < 0 ? [] : p.words.slice(at);
  if (rest.length === 0 || rest.some((w) => /^[\p{Lu}]/u.test(w))) return null;
  if (STOP.has((rest[0] ?? "").toLowerCase()) || NOT_A_HEAD.test(rest.at(-1) ?? "")) return null;
  // "What genre do they sing?": "gospel" of "gospel singer".
  if (q.head === "genr" && rest.length > 1 && PERFORMER.test(rest.at(-1) ?? "")) rest.pop();
  return rest.join(" ");
}

/** The country a nationality word or a country's name stands for ("Canadian", "Canada" → "Canada"). */
export const placeOf = (text: string): string | null =>
  countryOfNationality(text) ?? (isCountry(text) ? text : null);

export const sentenceWith = (text: string, key: string): string | undefined =>
  splitSentences(text).find((s) => phrases(s).has(key));

// "is an Italian physicist", "as a goalkeeper", ", a private equity firm": what a thing is said to be.
const DESCRIBING = new Set(["a", "an", "is", "was", "are", "were", "as", "became"]);

/** How a sentence says the phrase: as a description, as a whole name, and how near the given words. */
export function reading(sentence: string, key: string, near: readonly string[]) {
  const found = [...sentence.matchAll(TOKEN)];
  const ws = found.map((m) => m[0]);
  const n = key.split(" ").length;
  const i = ws.findIndex(
    (_, j) =>
      ws
        .slice(j, j + n)
        .map(norm)
        .join(" ") === key,
  );
  if (i < 0) return { described: false, whole: false, distance: Infinity, placed: false };
  // Only a word right beside the phrase (a space apart) goes on with it: "Program (NIAP)" ends.
  const gap = (
    x: RegExpExecArray | RegExpMatchArray | undefined,
    y: RegExpExecArray | RegExpMatchArray | undefined,
  ) => (x && y ? sentence.slice((x.index ?? 0) + x[0].length, y.index ?? 0) : "");
  const before = /^\s+$/.test(gap(found[i - 1], found[i])) ? ws[i - 1] : undefined;
  const next = /^\s+$/.test(gap(found[i + n - 1], found[i + n])) ? ws[i + n] : undefined;
  // "theoretical" in "a theoretical physicist" is no description: the noun goes on.
  const ends = !next || STOP.has(next.toLowerCase()) || NOT_A_HEAD.test(next) || /^\p{Lu}/u.test(next);
  const described = ends && ws.slice(Math.max(0, i - 8), i).some((w) => DESCRIBING.has(w.toLowerCase()));
  // "Fine" of "Fine Gael" is no whole name.
  const proper = (w: string | undefined) => !!w && /^\p{Lu}/u.test(w) && !STOP.has(w.toLowerCase());
  // A possessive before ends the name before it ("the Community's National Awards Program").
  const whole = !proper(next) && (i === 0 || !proper(before) || /['’]s$/.test(before ?? ""));
  const at = ws.flatMap((w, j) => (near.includes(norm(w)) ? [j] : []));
  const distance = Math.min(...at.map((j) => (j < i ? i - j : j - (i + n - 1))));
  // "plays its home games in Atlanta": a place is where something is.
  const placed =
    /^(?:in|at|near|from|of)$/i.test(ws[i - 1] ?? "") || /^(?:in|at|near|from)$/i.test(ws[i - 2] ?? "");
  return { described, whole, distance, placed };
}
