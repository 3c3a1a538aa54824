import type { Evidence } from "../../src/retrieval/context-bundle.js";
import { splitSentences } from "../text.js";
import type { AnswerCandidate } from "./answer-candidates.js";
import type { AnswerType } from "./answer-type.js";
import { headFit } from "./asked-head.js";
import { LEAD_END, leadPassages } from "./lead-passages.js";
import { headingName } from "./linked-answer.js";
import { says } from "./phrase-match.js";
import { namePart } from "./short-span.js";
import { namedSubjectLinks, type SubjectLink, subjectLinks } from "./subject-links.js";

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
  const own = headings(evidence).get(name) ?? leadPassages(evidence, name)[0];
  const text = own ? splitSentences(own.text)[0] : undefined;
  return own && text ? { text, sid: own.sid } : undefined;
}

const headed = new WeakMap<readonly Evidence[], Map<string, Evidence>>();

/** Each heading name (its article aside, lower-cased) to its first passage, once per evidence array. */
function headings(evidence: readonly Evidence[]): Map<string, Evidence> {
  const hit = headed.get(evidence);
  if (hit) return hit;
  const out = new Map<string, Evidence>();
  for (const e of evidence) {
    const h = headingName(e)
      .replace(/^the\s+/i, "")
      .toLowerCase();
    if (!out.has(h)) out.set(h, e);
  }
  headed.set(evidence, out);
  return out;
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
  const subject = lead.text.split(LEAD_END)[0] ?? "";
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
 * form: "Josef Anton Vale (1882 – …)" under "Jo A. Vale" is answered "Jo A. Vale", the name the
 * documents file it under. Only a heading that is itself a name (two to four capitalised words or
 * initials, sharing the span's last word): "Getting Started with Apache Kafka" names a section,
 * not "Apache Kafka". Else the span.
 */
export function ownName(span: string | null, evidence: readonly Evidence[], question: string): string | null {
  const s = span?.trim() ?? "";
  // "What is the middle name of X?" reads the name as written, not as filed.
  if (!/^\p{Lu}/u.test(s) || !/\s/.test(s) || namePart(s, question) !== s) return span;
  const last = lastWord(s);
  for (const e of leadPassages(evidence, s)) {
    const h = headingName(e);
    // A name the question states is never its answer: the span stays what the passage wrote.
    if (PERSONAL.test(h) && h.toLowerCase() !== s.toLowerCase() && lastWord(h) === last)
      return question.toLowerCase().includes(h.toLowerCase()) ? span : h;
  }
  return span;
}

// Two to four capitalised words or initials: "Jo A. Vale", "Mary Ann Roe".
const PERSONAL = /^\p{Lu}[\p{L}'’-]*\.?(?:\s+\p{Lu}[\p{L}'’-]*\.?){1,3}$/u;

/** One name inside the other, as whole words ("Art" is no part of "Martha Stewart"). */
const sameName = (a: string, b: string): boolean => {
  const x = a.toLowerCase().replace(/^the\s+/, "");
  const y = b.toLowerCase().replace(/^the\s+/, "");
  return says(x, y) || says(y, x);
};

const lastWord = (s: string): string => (s.split(/\s+/).at(-1) ?? "").replace(/[.,]$/, "").toLowerCase();

/**
 * Each span with the sentences of other documents naming its passage's subject, and each name
 * span with the opening of its own passage (looked up once per name): see subject-links.ts.
 */
export function withOwnLeads(
  candidates: AnswerCandidate[],
  evidence: readonly Evidence[],
): AnswerCandidate[] {
  const leads = new Map<string, OwnLead | undefined>();
  const bridges = subjectLinks(evidence);
  const sections = new Map(evidence.map((e) => [e.sid, e.section_id]));
  const named = new Map<string, SubjectLink[]>();
  return candidates.map((c) => {
    const span = c.span;
    if (span === null) return c;
    const key = `${c.sid}\u0000${c.context}`;
    if (!named.has(key)) named.set(key, namedSubjectLinks(c.context, sections.get(c.sid), evidence));
    // The bridge itself ("Elmford University" in that sentence) is read with its own lead, not linked.
    const forward = (named.get(key) ?? []).filter((l) => !sameName(l.name ?? "", span));
    const links = [...(bridges.get(c.sid) ?? []), ...forward];
    const linked = links.length > 0 ? { ...c, links } : c;
    if (!NAMED.has(c.type)) return linked;
    if (!leads.has(span)) leads.set(span, ownLead(span, evidence));
    const lead = leads.get(span);
    return lead ? { ...linked, lead } : linked;
  });
}

const NAMED: ReadonlySet<AnswerType> = new Set(["person", "organisation", "place", "other"]);
