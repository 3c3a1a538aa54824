import type { Evidence } from "../../src/retrieval/context-bundle.js";
import { countryOfNationality } from "../retrieve/demonyms.js";
import type { Draft } from "../schemas.js";
import { readerTerms } from "./reader-terms.js";
import { asAsked, norm, type PhraseIndex, phraseIndex, reading, STOP, tokens } from "./shared-phrases.js";
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
  /** Whether each passage says it is what its subject is ("is a private equity firm"). */
  described: boolean;
  /** Whether each says so with a copula, maybe as part of a longer noun ("are a snack food product"). */
  copular: boolean;
  score: number;
}

export interface SharedReading {
  a: Evidence;
  b: Evidence;
  asks: SharedQuestion["asks"];
  candidates: SharedCandidate[];
  /** The sentence of each passage that holds a candidate's phrase. */
  sentences: (c: SharedCandidate) => [string, string];
}

// Heads of places ("which city"): their names follow "in", "at" or "from".
const PLACE = /^(?:citi|town|state|counti|provinc|region|island|villag|base|suburb|distric|neighborhood)$/;

/** Each phrase both options' own passages hold, of the kind asked, best first; null when unread. */
export function sharedCandidates(question: string, evidence: readonly Evidence[]): SharedReading | null {
  const q = parseShared(question);
  const pair = q ? sharedPair(q.text, evidence) : null;
  if (!q || !pair) return null;
  const [{ e: a }, { e: b }] = pair;
  const named = new Set(readerTerms(pair.map((side) => side.option).join(" ")));
  const predicate = q.terms.filter((t) => !named.has(t) && t !== q.head);
  const [ia, ib] = [phraseIndex(a.text), phraseIndex(b.text)];
  const said = (ix: PhraseIndex, key: string) => ix.sentences[ix.phrases.get(key)?.sentence ?? -1] ?? "";
  // Places are matched by the country they stand for ("Canada" in one, "Canadian" in the other).
  const byPlace = q.asks === "nationality" || q.asks === "country";
  const placesB = new Map<string, string>();
  if (byPlace)
    for (const p of ib.phrases.values()) {
      const place = asAsked(p, q);
      if (place && !placesB.has(place)) placesB.set(place, p.key);
    }
  const spoken = ` ${tokens(question).map(norm).join(" ")} `;
  const candidates: SharedCandidate[] = [];
  for (const [key, p] of ia.phrases) {
    const place = byPlace ? asAsked(p, q) : null;
    const other = byPlace ? (place ? placesB.get(place) : undefined) : ib.phrases.has(key) ? key : undefined;
    const pb = other ? ib.phrases.get(other) : undefined;
    if (!other || !pb) continue;
    // The wording of either passage that the kind asked takes, the fuller one first ("software
    // engineer" over "Software engineer", read as "engineer"); a nationality as either writes it.
    const worded = [asAsked(p, q), asAsked(pb, q)].filter((x): x is string => !!x);
    const answer =
      q.asks === "nationality"
        ? ([p.text, pb.text].find((t) => countryOfNationality(t)) ?? null)
        : (place ?? worded.sort((x, y) => y.length - x.length)[0] ?? null);
    if (!answer) continue;
    // Not what the question says itself ("Tom Hale" of "which Tom Hale album"), nor the options' words.
    const own = tokens(answer).map(norm);
    if (!byPlace && spoken.includes(` ${own.join(" ")} `)) continue;
    if (own.every((w) => STOP.has(w) || named.has(w) || w === q.head)) continue;
    const read = [reading(said(ia, key), key, predicate), reading(said(ib, other), other, predicate)];
    if (q.asks === "name" && !read.every((r) => r.whole)) continue;
    // "Which city …?": a name where each passage says something is (not "Elm Division I").
    if (PLACE.test(q.head ?? "") && !read.every((r) => r.placed)) continue;
    const near = [said(ia, key), said(ib, other)].map((t) => {
      const s = new Set(readerTerms(t));
      return predicate.length === 0 ? 0 : predicate.filter((w) => s.has(w)).length / predicate.length;
    });
    const head = q.head && key.split(" ").includes(q.head) ? 2 : 0;
    const described = read.every((r) => r.described);
    const description = q.asks === "description" && described ? 1 : 0;
    const close = read.reduce((sum, r) => sum + (r.distance <= 3 ? 0.25 : r.distance <= 6 ? 0.1 : 0), 0);
    const opening = q.asks !== "name" && p.sentence === 0 && pb.sentence === 0 ? 0.5 : 0;
    // A description is what each is said to be, the kind asked, or what the question's words are about.
    if (q.asks === "description" && head + description === 0 && Math.min(...near) < 0.5) continue;
    const score =
      head + description + opening + close + (near[0] ?? 0) + (near[1] ?? 0) + 0.05 * key.split(" ").length;
    candidates.push({ answer, key, other, described, copular: read.every((r) => r.copular), score });
  }
  return {
    a,
    b,
    asks: q.asks,
    candidates: candidates.sort((x, y) => y.score - x.score),
    sentences: (c) => [said(ia, c.key), said(ib, c.other)],
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
  const [sa, sb] = read.sentences(best);
  return {
    sentences: [
      { text: `${best.answer}: ${sa.trim()}`, cites: [read.a.sid] },
      { text: sb.trim(), cites: [read.b.sid] },
    ],
    not_found: false,
    short_answer: best.answer,
  };
}
