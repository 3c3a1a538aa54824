import type { Triplet } from "../../tools/tool-result.js";
import { escapeRegExp } from "../text.js";
import { participle, pastTense, presentTense } from "./verb-forms.js";

type Fact = Pick<Triplet, "subject" | "predicate" | "object" | "evidence" | "valid_from" | "valid_to">;

/** A quote may span at most this many words between the two names. */
const MAX_GAP_WORDS = 8;
/** Predicate words kept as written by the extractor ("based in", "located at"): already participles. */
const PARTICIPLE = /^(born|based|located|named|known|\p{L}+ed)$/u;
const COPULA_PAST = /\b(was|were|had|did)\b/i;
const COPULA_PRESENT = /\b(is|are|has|have|does)\b/i;

/** Words that may open the verb phrase before its verb ("additionally asserted", "did not acquire"). */
const LEAD_ADVERB =
  /^(\p{L}+ly|also|then|later|not|never|still|already|further|jointly|formerly|previously)$/iu;
const AUXILIARY =
  /^(is|are|was|were|be|been|being|has|have|had|does|do|did|will|would|can|could|may|might|shall|should|must)$/i;

/**
 * A fact as one sentence a reader can quote: "Alice Smith directed Film X (2001)." The source
 * sentence's own words from subject to object when it names both close together (so negation and
 * tense stay as written), else the predicate inflected; the validity in brackets unless the
 * sentence already states it. Pure.
 */
export function factSentence(t: Fact): string {
  const q = quoted(t);
  return finish(t, q && q !== UNREADABLE ? q : built(t));
}

/**
 * The same sentence, or undefined when the source names both ends in a stretch that is no
 * "subject verb … object" clause ("… for Uber to acquire Cornershop", cells of a table row): the
 * extraction misread it, and a reader should not be handed it as a fact. Pure.
 */
export function readableFact(t: Fact): string | undefined {
  const q = quoted(t);
  if (q === UNREADABLE) return undefined;
  // Cells of a table row are no clause: its facts are told only when quotable.
  if (!q && t.evidence.includes("|")) return undefined;
  return finish(t, q ?? built(t));
}

function finish(t: Fact, body: string): string {
  const when = validity(t);
  const dated = when && !yearsOf(when).every((y) => body.includes(y)) ? ` (${when})` : "";
  return `${capitalise(body.replace(/[\s.!?…]+$/u, ""))}${dated}.`;
}

const UNREADABLE = Symbol("unreadable");

/**
 * The evidence from the subject's name to the object's when that stretch is one short clause;
 * UNREADABLE when it is short but its words after the subject do not open with a verb.
 */
function quoted(t: Fact): string | typeof UNREADABLE | undefined {
  const s = find(t.evidence, t.subject, 0);
  if (s < 0) return undefined;
  const o = find(t.evidence, t.object, s + t.subject.length);
  if (o < 0) return undefined;
  const gap = t.evidence.slice(s + t.subject.length, o);
  const words = gap.split(/\s+/).filter(Boolean);
  if (gap.includes("|")) return UNREADABLE;
  if (/[.;:!?()]|,\s/.test(gap) || words.length > MAX_GAP_WORDS) return undefined;
  if (!opensWithVerb(words, t.predicate)) return UNREADABLE;
  return t.evidence.slice(s, o + t.object.length).replace(/\s+/g, " ");
}

/** The gap's first word (past leading adverbs) is an auxiliary or a form of the predicate's verb. */
function opensWithVerb(words: readonly string[], predicate: string): boolean {
  const head = predicate.trim().split(/\s+/)[0]?.toLowerCase() ?? "";
  // Predicates in other scripts (Russian lemmas) are not checked.
  if (!/^[a-z-]+$/.test(head)) return true;
  const first = words.find((w) => !LEAD_ADVERB.test(w))?.toLowerCase() ?? "";
  if (AUXILIARY.test(first)) return true;
  const stem = head.slice(0, Math.min(4, head.length));
  return first.startsWith(stem) || first === pastTense(head) || first === participle(head);
}

/** Case-insensitive whole-word position of a name in a text, from an offset; -1 when absent. */
function find(text: string, name: string, from: number): number {
  if (!name.trim()) return -1;
  const escaped = escapeRegExp(name);
  const re = new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, "iu");
  const m = re.exec(text.slice(from));
  return m ? from + m.index : -1;
}

/** The predicate turned into a verb phrase: copula for nouns, passive for "X by", tense from the source. */
function built(t: Fact): string {
  const past = COPULA_PAST.test(t.evidence) || !COPULA_PRESENT.test(t.evidence);
  const be = past ? "was" : "is";
  const { subject: s, object: o } = t;
  const words = t.predicate.trim().split(/\s+/);
  const [head = "", ...rest] = words;
  // Predicates in other scripts (Russian lemmas) are not inflected.
  if (!/^[a-z-]+$/i.test(head)) return `${s} ${t.predicate} ${o}`;
  switch (t.predicate) {
    case "is a":
      return `${s} ${be} ${/^[aeiou]/i.test(o) ? "an" : "a"} ${o}`;
    case "alias of":
      return `${s} stands for ${o}`;
    case "born":
      return `${s} was born ${datePreposition(o)} ${o}`;
    case "died":
      return `${s} died ${datePreposition(o)} ${o}`;
  }
  const tail = [...rest, o].join(" ");
  // "queen of", "director of": a relational noun after the copula.
  if (rest.at(-1) === "of" && !PARTICIPLE.test(head)) return `${s} ${be} ${words.join(" ")} ${o}`;
  if (PARTICIPLE.test(head)) return `${s} ${be} ${head} ${tail}`;
  if (rest.at(-1) === "by") return `${s} ${be} ${participle(head)} ${tail}`;
  return `${s} ${past ? pastTense(head) : presentTense(head)} ${tail}`;
}

/** "on 8 December 1982", "in 1950", "in March 2001". */
const datePreposition = (date: string) =>
  /\b\d{1,2}\s+\p{L}+\s+\d{4}\b|\b\p{L}+\s+\d{1,2},\s*\d{4}\b|^\d{4}-\d{2}-\d{2}$/u.test(date) ? "on" : "in";

/**
 * "2001", "from 2001 to 2005", "until 2005"; empty for a timeless fact. A start alone is just the
 * date: the extractor gives any dated sentence's date as the start, so it may be an event's day.
 */
export function validity(t: Pick<Fact, "valid_from" | "valid_to">): string {
  const { valid_from: from, valid_to: to } = t;
  if (from && to) return from === to ? from : `from ${from} to ${to}`;
  if (from) return from;
  if (to) return `until ${to}`;
  return "";
}

const yearsOf = (text: string) => text.match(/\d{4}/g) ?? [text];
const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
