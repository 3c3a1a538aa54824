import type { Evidence } from "../../src/retrieval/context-bundle.js";
import { countryOfNationality } from "../retrieve/demonyms.js";
import type { Draft } from "../schemas.js";
import { splitSentences } from "../text.js";
import { optionPassage } from "./choice-options.js";
import { readerTerms } from "./reader-terms.js";
import { asAsked, norm, phrases, reading, STOP, sentenceWith, tokens } from "./shared-phrases.js";
import { parseShared, type SharedQuestion, sharedPair } from "./shared-question.js";

/**
 * "What nationality are both A and B?", "A and B are both what kind of store?", "Which company
 * made both A and B?": what two named things share is said in each one's own passage, so the
 * answer is a phrase both passages hold, of the kind asked, scored by the noun asked, by whether
 * each passage says it is what its subject is, and by the question's words beside it. Pure.
 */
export interface SharedCandidate {
  answer: string;
  /** The phrase's stems in each passage (they differ for places: "canada" and "canadian"). */
  key: string;
  other: string;
  score: number;
}

// Heads of places ("which city"): their names follow "in", "at" or "from".
const PLACE = /^(?:citi|town|state|counti|provinc|region|island|villag|base|suburb|distric|neighborhood)$/;

/** Each phrase both options' own passages hold, of the kind asked, best first; null when unread. */
export function sharedCandidates(
  question: string,
  evidence: readonly Evidence[],
): { a: Evidence; b: Evidence; asks: SharedQuestion["asks"]; candidates: SharedCandidate[] } | null {
  const q = parseShared(question);
  const pair = q ? sharedPair(q.text, evidence) : null;
  if (!q || !pair) return null;
  const [a, b] = pair.map((o) => optionPassage(evidence, o)?.e);
  if (!a || !b) return null;
  const named = new Set(readerTerms(pair.join(" ")));
  const predicate = q.terms.filter((t) => !named.has(t) && t !== q.head);
  const inB = phrases(b.text);
  // Places are matched by the country they stand for ("Canada" in one, "Canadian" in the other).
  const byPlace = q.asks === "nationality" || q.asks === "country";
  const placesB = new Map([...inB.values()].flatMap((p) => (asAsked(p, q) ? [[asAsked(p, q), p.key]] : [])));
  const candidates: SharedCandidate[] = [];
  const spoken = tokens(question).map(norm).join(" ");
  const [openA = "", openB = ""] = [a.text, b.text].map((t) => splitSentences(t)[0] ?? "");
  for (const [key, p] of phrases(a.text)) {
    const place = byPlace ? asAsked(p, q) : null;
    const other = byPlace ? (place ? placesB.get(place) : undefined) : inB.get(key)?.key;
    if (!other) continue;
    // The wording of either passage that the kind asked takes, the fuller one first
    // ("software engineer" over "Software engineer", read as "engineer").
    const worded = [asAsked(p, q), asAsked(inB.get(key) ?? p, q)].filter((x): x is string => !!x);
    const answer =
      q.asks === "nationality"
        ? countryOfNationality(p.text)
          ? p.text
          : null
        : (place ?? worded.sort((x, y) => y.length - x.length)[0] ?? null);
    if (!answer) continue;
    // Not what the question says itself ("Ellie Goulding" of "which Ellie Goulding album"), nor the options' words.
    const own = tokens(answer).map(norm);
    if (` ${spoken} `.includes(` ${own.join(" ")} `) && !byPlace) continue;
    if (own.every((w) => STOP.has(w) || named.has(w) || w === q.head)) continue;
    const keys = key.split(" ");
    const sentences = [sentenceWith(a.text, key) ?? "", sentenceWith(b.text, other) ?? ""];
    const read = [reading(sentences[0] ?? "", key, predicate), reading(sentences[1] ?? "", other, predicate)];
    if (q.asks === "name" && !read.every((r) => r.whole)) continue;
    // "Which city …?": a name where each passage says something is (not "NCAA Division I").
    if (PLACE.test(q.head ?? "") && !read.every((r) => r.placed)) continue;
    const near = sentences.map((t) => {
      const s = new Set(readerTerms(t));
      return predicate.length === 0 ? 0 : predicate.filter((w) => s.has(w)).length / predicate.length;
    });
    const head = q.head && keys.includes(q.head) ? 2 : 0;
    const described = q.asks === "description";
    const said = described && read.every((r) => r.described) ? 1 : 0;
    const close = read.reduce((sum, r) => sum + (r.distance <= 3 ? 0.25 : r.distance <= 6 ? 0.1 : 0), 0);
    const opening = q.asks !== "name" && phrases(openA).has(key) && phrases(openB).has(other) ? 0.5 : 0;
    // A description is what each is said to be, the kind asked, or what the question's words are about.
    if (described && head + said === 0 && Math.min(...near) < 0.5) continue;
    const score = head + said + opening + close + (near[0] ?? 0) + (near[1] ?? 0) + 0.05 * keys.length;
    candidates.push({ answer, key, other, score });
  }
  return {
    a,
    b,
    asks: q.asks,
    candidates: candidates.sort((x, y) => y.score - x.score),
  };
}

/** What both options' own passages say of the kind asked; null when they say nothing shared. */
export function composeShared(question: string, evidence: readonly Evidence[]): Draft | null {
  const read = sharedCandidates(question, evidence);
  const best = read?.candidates[0];
  // A shared country, month or language is the answer whatever else is said; a name or a
  // description needs the kind asked, a description, or the question's words beside it.
  const floor = read && ["nationality", "country", "month", "language"].includes(read.asks) ? 0 : 1;
  if (!read || !best || best.score < floor) return null;
  const sa = (sentenceWith(read.a.text, best.key) ?? read.a.text).trim();
  const sb = (sentenceWith(read.b.text, best.other) ?? read.b.text).trim();
  return {
    sentences: [
      { text: `${best.answer}: ${sa}`, cites: [read.a.sid] },
      { text: sb, cites: [read.b.sid] },
    ],
    not_found: false,
    short_answer: best.answer,
  };
}
