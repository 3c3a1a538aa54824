import type { Evidence } from "../../src/retrieval/context-bundle.js";
import { mentions, splitSentences } from "../text.js";
import { headFit } from "./asked-head.js";
import { leadPassages } from "./lead-passages.js";
import { headingName } from "./linked-answer.js";
import { says } from "./phrase-match.js";
import { bareNum, type QuestionCues } from "./question-cues.js";
import { readerTerms } from "./reader-terms.js";
import { namePart } from "./short-span.js";

/**
 * A name's own passage says what the name is, where the sentence the name was read in may not:
 * asked "Which American film director hosted the awards?", "It was hosted by Jo Vale" never calls
 * Jo Vale a director; Jo Vale's own passage opens "Jo Vale (born 1946) is an American film
 * director". Pure.
 */

/** The opening sentence of a name's own passage, and that passage's S#. */
export interface OwnLead {
  text: string;
  sid: string;
}

/** The opening sentence of the span's own passage (headed with it, or opening with it), if the evidence has one. */
export function ownLead(span: string, evidence: readonly Evidence[]): OwnLead | undefined {
  const name = span
    .trim()
    .replace(/^the\s+/i, "")
    .toLowerCase();
  if (name.length < 3 || /^[\d\s.,%$-]+$/.test(name)) return undefined;
  const own =
    evidence.find(
      (e) =>
        headingName(e)
          .replace(/^the\s+/i, "")
          .toLowerCase() === name,
    ) ?? leadPassages(evidence, name)[0];
  const text = own ? splitSentences(own.text)[0] : undefined;
  return own && text ? { text, sid: own.sid } : undefined;
}

/**
 * The asked-head bonus (asked-head.ts) read in the span's own lead: "SUBJECT (…) is a/an … HEAD".
 * The subject is the lead's words before its first bracket, comma or verb.
 */
export function leadHeadFit(
  lead: OwnLead | undefined,
  head: string | undefined,
  names: readonly string[],
): number {
  if (!lead || !head) return 0;
  const subject = lead.text.split(/\s*[(,;]|\s+(?:is|was|are|were|has|had)\s/)[0] ?? "";
  return subject ? headFit(lead.text, 0, subject, head, names) : 0;
}

/** The own passage to cite beside the answer's sentence, when it alone says the answer is what is asked. */
export function leadCite(
  c: { span: string | null; context: string; at: number; lead?: OwnLead; sid: string },
  head: string | undefined,
  names: readonly string[],
): string[] {
  if (!c.lead || c.lead.sid === c.sid || c.span === null) return [];
  if (headFit(c.context, c.at, c.span, head, names) > 0) return [];
  return leadHeadFit(c.lead, head, names) > 0 ? [c.lead.sid] : [];
}

/**
 * The name a span's own passage is headed with, when the span is that passage's subject in another
 * form: "Henry John Kaiser (May 9, 1882 – …)" under "Henry J. Kaiser" is answered "Henry J. Kaiser",
 * the name the documents file it under. Two words or more sharing the last one; else the span.
 */
export function ownName(span: string | null, evidence: readonly Evidence[], question: string): string | null {
  const s = span?.trim() ?? "";
  // "What is the middle name of X?" reads the name as written, not as filed.
  if (!/^\p{Lu}/u.test(s) || !/\s/.test(s) || namePart(s, question) !== s) return span;
  const last = lastWord(s);
  for (const e of leadPassages(evidence, s)) {
    const h = headingName(e);
    if (/\s/.test(h) && h.toLowerCase() !== s.toLowerCase() && lastWord(h) === last) return h;
  }
  return span;
}

const lastWord = (s: string): string => (s.split(/\s+/).at(-1) ?? "").replace(/[.,]$/, "").toLowerCase();

/** Linking sentences kept per passage: the scorer takes the one sharing most with the question. */
const MAX_LINKS = 4;

/**
 * Sentences of other documents that name a passage's subject: asked "In which year was the king
 * who made the 1925 honours born?", the king's own passage has the year but not the honours;
 * "The 1925 honours were made by King Ed IV" names him. The scorer reads a span of the king's
 * passage with such a sentence (a bridge the question crosses). Keyed by S#; only passages about
 * one subject (their opening names their heading). Pure.
 */
export function subjectLinks(evidence: readonly Evidence[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const e of evidence) {
    const name = headingName(e)
      .replace(/^the\s+/i, "")
      .toLowerCase();
    if (name.length < 3 || leadPassages([e], name).length === 0) continue;
    const links = evidence
      .filter((o) => o.doc_id !== e.doc_id)
      .flatMap((o) => splitSentences(o.text).filter((s) => says(s.toLowerCase(), name)))
      .slice(0, MAX_LINKS);
    if (links.length > 0) out.set(e.sid, links);
  }
  return out;
}

/** The question's shares in a span's context read with its best linking sentence (see subjectLinks). */
export interface LinkedShares {
  near: number;
  support: number;
  names: number;
  stated: number;
}

export function linkedShares(
  c: { context: string; heading: string; links?: readonly string[] },
  q: Pick<QuestionCues, "terms" | "weights" | "names" | "numbers">,
): LinkedShares | undefined {
  if (!c.links?.length) return undefined;
  const w = (t: string) => q.weights.get(t) ?? 1;
  const total = q.terms.reduce((sum, t) => sum + w(t), 0);
  const share = (has: (t: string) => boolean) =>
    total === 0 ? 0 : q.terms.filter(has).reduce((sum, t) => sum + w(t), 0) / total;
  const ctx = new Set(readerTerms(c.context));
  const head = new Set(readerTerms(c.heading));
  let best: LinkedShares | undefined;
  for (const link of c.links) {
    const lt = new Set(readerTerms(link));
    const near = share((t) => ctx.has(t) || lt.has(t));
    if (best && near <= best.near) continue;
    const lower = `${c.context} ${c.heading} ${link}`.toLowerCase();
    const nums = new Set((lower.match(/\d+(?:[.,]\d+)*/g) ?? []).map(bareNum));
    best = {
      near,
      support: share((t) => ctx.has(t) || head.has(t) || lt.has(t)),
      names: q.names.length === 0 ? 1 : q.names.filter((n) => mentions(lower, n)).length / q.names.length,
      stated: q.numbers.length === 0 ? 1 : q.numbers.filter((n) => nums.has(n)).length / q.numbers.length,
    };
  }
  return best;
}
