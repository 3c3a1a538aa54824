import type { Triplet } from "../../tools/tool-result.js";
import { participle, pastTense, presentTense } from "./verb-forms.js";

type Fact = Pick<Triplet, "subject" | "predicate" | "object" | "evidence" | "valid_from" | "valid_to">;

/** A quote may span at most this many words between the two names. */
const MAX_GAP_WORDS = 8;
/** Predicate words kept as written by the extractor ("based in", "located at"): already participles. */
const PARTICIPLE = /^(born|based|located|named|known|\p{L}+ed)$/u;
const COPULA_PAST = /\b(was|were|had|did)\b/i;
const COPULA_PRESENT = /\b(is|are|has|have|does)\b/i;

/**
 * A fact as one sentence a reader can quote: "Alice Smith directed Film X (2001)." The source
 * sentence's own words from subject to object when it names both close together (so negation and
 * tense stay as written), else the predicate inflected; the validity in brackets unless the
 * sentence already states it. Pure.
 */
export function factSentence(t: Fact): string {
  const body = quoted(t) ?? built(t);
  const when = validity(t);
  const dated = when && !yearsOf(when).every((y) => body.includes(y)) ? ` (${when})` : "";
  return `${capitalise(body)}${dated}.`;
}

/** The evidence from the subject's name to the object's, when that stretch is one short clause. */
function quoted(t: Fact): string | undefined {
  const s = find(t.evidence, t.subject, 0);
  if (s < 0) return undefined;
  const o = find(t.evidence, t.object, s + t.subject.length);
  if (o < 0) return undefined;
  const gap = t.evidence.slice(s + t.subject.length, o);
  if (/[.;:!?()]|,\s/.test(gap) || gap.split(/\s+/).filter(Boolean).length > MAX_GAP_WORDS) return undefined;
  return t.evidence.slice(s, o + t.object.length).replace(/\s+/g, " ");
}

/** Case-insensitive whole-word position of a name in a text, from an offset; -1 when absent. */
function find(text: string, name: string, from: number): number {
  if (!name.trim()) return -1;
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
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

/** "2001", "from 2001 to 2005", "from 2001", "until 2005"; empty for a timeless fact. */
export function validity(t: Pick<Fact, "valid_from" | "valid_to">): string {
  const { valid_from: from, valid_to: to } = t;
  if (from && to) return from === to ? from : `from ${from} to ${to}`;
  if (from) return `from ${from}`;
  if (to) return `until ${to}`;
  return "";
}

const yearsOf = (text: string) => text.match(/\d{4}/g) ?? [text];
const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
