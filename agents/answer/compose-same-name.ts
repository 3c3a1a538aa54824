import type { Evidence } from "../../src/retrieval/context-bundle.js";
import type { Draft } from "../schemas.js";
import { contentTerms, escapeRegExp } from "../text.js";
import { spansOf } from "./answer-spans.js";
import { bestSentence } from "./best-sentence.js";
import { MAX_QUESTION_CHARS, optionPassage } from "./choice-options.js";
import { clean } from "./compose-yes-no.js";

/**
 * "Were A and B formed by the same company?", "… written by the same author?", "Are A and B in
 * the same county?": each option's own passage is read at the sentence that says most of the
 * question's predicate, and the names that sentence gives are compared. Places by nationality and
 * dates have their own composers (compose-yes-no.ts, compose-same-time.ts); this one reads names. Pure.
 */
export interface SameNameQuestion {
  options: [string, string];
  /** Stems of what is said of both ("formed", "entertainment", "company"). */
  predicate: string[];
  /** The compared thing's words, lower case ("entertainment company"): names holding one are preferred. */
  noun: string[];
}

export function parseSameName(question: string): SameNameQuestion | null {
  if (question.length > MAX_QUESTION_CHARS) return null;
  const q = question.replace(/["“”]/g, "");
  const m = q.match(
    /^(?:[Aa]re|[Ww]ere|[Ii]s|[Ww]as|[Dd]o|[Dd]oes|[Dd]id|[Hh]ave|[Hh]as|[Hh]ad)\s+(?:both\s+)?(?:the\s+)?(.+?)\s+and\s+(?:the\s+)?(.+?),?\s+(?:both\s+)?((?:\p{Ll}[\p{L}-]*\s+){1,6}?same\s+((?:\p{Ll}[\p{L}-]*\s*){1,3}?))\s*\?\s*$/u,
  );
  if (!m?.[1] || !m[2] || !m[3] || !m[4]) return null;
  const noun = m[4].trim().toLowerCase().split(/\s+/);
  const predicate = contentTerms(m[3]).filter((t) => t !== "same");
  return predicate.length > 0 ? { options: [clean(m[1]), clean(m[2])], predicate, noun } : null;
}

// Nationality words name no one thing: "a Japanese manga" and "a Japanese film" share no maker.
const DEMONYM = /^\p{Lu}\p{Ll}+(?:an|ian|ese|ish|ch|i|ic)$/u;

/** The names the option's best predicate sentence gives, its own name aside; those after "by" first. */
function namesSaid(
  e: Evidence,
  name: string,
  q: SameNameQuestion,
): { names: string[]; sentence: string } | null {
  const best = bestSentence(e.text, q.predicate);
  if (!best || best.held === 0) return null;
  const self = name.toLowerCase();
  const all = spansOf(best.text, "organisation")
    .map((s) => s.text)
    .filter((t) => !self.includes(t.toLowerCase()) && !t.toLowerCase().includes(self) && !DEMONYM.test(t))
    // "the King", "the President": a title names no one person.
    .filter((t) => /\s/.test(t) || !new RegExp(`\\bthe\\s+${escapeRegExp(t)}\\b`, "i").test(best.text));
  const byName = all.filter((t) => best.text.includes(`by ${t}`));
  const holding = all.filter((t) => q.noun.some((w) => t.toLowerCase().split(/\s+/).includes(w)));
  const names = holding.length > 0 ? holding : byName.length > 0 ? byName : all;
  return names.length > 0 ? { names, sentence: best.text.trim() } : null;
}

// "Oak Records" is not "Oak"; "Oak Records Inc." is "Oak Records".
const SUFFIX = /(?:,?\s+(?:inc|ltd|llc|corp|corporation|co|company|gmbh|plc|ag|sa)\.?)+$/i;
const sameName = (a: string, b: string): boolean => {
  const bare = (s: string) =>
    s
      .toLowerCase()
      .replace(/^the\s+/, "")
      .replace(SUFFIX, "")
      .trim();
  return bare(a) === bare(b);
};

/** Yes when the two options' sentences share a name, else no; null when either is unread. */
export function composeSameName(q: SameNameQuestion, evidence: readonly Evidence[]): Draft | null {
  const read = q.options.map((asked) => {
    const own = optionPassage(evidence, asked);
    const said = own ? namesSaid(own.e, own.name, q) : null;
    return own && said ? { e: own.e, ...said } : null;
  });
  const [a, b] = read;
  if (!a || !b || a.e.sid === b.e.sid) return null;
  const same = a.names.some((x) => b.names.some((y) => sameName(x, y)));
  return {
    sentences: [
      { text: `${same ? "Yes" : "No"}: ${a.sentence}`, cites: [a.e.sid] },
      { text: b.sentence, cites: [b.e.sid] },
    ],
    not_found: false,
    short_answer: same ? "yes" : "no",
  };
}
