import type { Evidence } from "../../src/retrieval/context-bundle.js";
import { splitSentences } from "../text.js";
import { leadPassages } from "./lead-passages.js";
import { headingName } from "./linked-answer.js";
import { says } from "./phrase-match.js";
import { bareNum, nameShare, numberShare, type QuestionCues, termShare } from "./question-cues.js";
import { readerTerms } from "./reader-terms.js";

/** Linking sentences kept per passage, one per other document: the scorer takes the one sharing most with the question. */
const MAX_LINKS = 4;

/** A sentence of another document naming a passage's subject, with its reader terms (computed once). */
export interface SubjectLink {
  text: string;
  terms: ReadonlySet<string>;
  /** The subject a span's own sentence names, for a link read forward (namedSubjectLinks). */
  name?: string;
}

const cache = new WeakMap<readonly Evidence[], Map<string, SubjectLink[]>>();

/**
 * Sentences of other documents that name a passage's subject: asked "In which year was the king
 * who made the 1925 honours born?", the king's own passage has the year but not the honours;
 * "The 1925 honours were made by King Ed IV" names him. The scorer reads a span of the king's
 * passage with such a sentence (a bridge the question crosses). Keyed by S#; only passages about
 * one subject (their opening names their heading), and only a heading written as a name inside the
 * linking sentence, with its capitals: a section "Installation" is not linked by "Installation
 * takes 45 minutes". Pure (memoised per evidence array).
 */
export function subjectLinks(evidence: readonly Evidence[]): Map<string, SubjectLink[]> {
  const hit = cache.get(evidence);
  if (hit) return hit;
  const out = new Map<string, SubjectLink[]>();
  const sentences = evidence.map((o) => splitSentences(o.text));
  for (const { index, name } of subjectsOf(evidence)) {
    const e = evidence[index];
    if (!e) continue;
    const lower = name.toLowerCase();
    const links: SubjectLink[] = [];
    evidence.forEach((o, i) => {
      if (o.doc_id === e.doc_id || links.length >= MAX_LINKS) return;
      const text = sentences[i]?.find((s) => s.indexOf(name) > 0 && says(s.toLowerCase(), lower));
      if (text) links.push({ text, terms: new Set(readerTerms(text)) });
    });
    if (links.length > 0) out.set(e.sid, links);
  }
  cache.set(evidence, out);
  return out;
}

interface Subject {
  /** Its place in the evidence. */
  index: number;
  section: string | undefined;
  name: string;
  text: string;
  /** Its link, with the passage's terms read once, when some sentence names it. */
  link?: SubjectLink;
}

const subjectsCache = new WeakMap<readonly Evidence[], Subject[]>();

/** The passages about one subject (their opening names their heading), with that name. Memoised per evidence array. */
function subjectsOf(evidence: readonly Evidence[]): Subject[] {
  let subjects = subjectsCache.get(evidence);
  if (!subjects) {
    subjects = evidence.flatMap((e, index) => {
      const name = headingName(e).replace(/^the\s+/i, "");
      if (name.length < 3 || leadPassages([e], name).length === 0) return [];
      return [{ index, section: e.section_id, name, text: e.text }];
    });
    subjectsCache.set(evidence, subjects);
  }
  return subjects;
}

/** The subjects of other sections' passages a text names, with the heading's capitals, in evidence order. */
function namedIn(text: string, sectionId: string | undefined, evidence: readonly Evidence[]): Subject[] {
  const lower = text.toLowerCase();
  return subjectsOf(evidence).filter(
    (s) => s.section !== sectionId && text.includes(s.name) && says(lower, s.name.toLowerCase()),
  );
}

/**
 * The places in the evidence of the passages about a subject a text names, of sections other than
 * `sectionId` (answerability.ts: a bridge the answer's own passage names).
 */
export const namedSubjects = (
  text: string,
  sectionId: string | undefined,
  evidence: readonly Evidence[],
): number[] => namedIn(text, sectionId, evidence).map((s) => s.index);

/**
 * The other way round: a span's sentence names another passage's subject, and that passage says
 * what the question states. Asked for "the fight song of the university whose main campus is in
 * Oakton", "Elm Anthem is a fight song of Elmford University" never says Oakton; the university's
 * own passage does. The span is read with that passage (whole, as the subject's words). Only
 * passages about one subject, named inside the sentence with the heading's capitals, of another
 * section (a multi-hop store keeps one document of many titled sections). Pure (memoised per
 * evidence array).
 */
export function namedSubjectLinks(
  context: string,
  /** The span's own section: a passage of it is no other subject's. */
  sectionId: string | undefined,
  evidence: readonly Evidence[],
): SubjectLink[] {
  const out: SubjectLink[] = [];
  for (const s of namedIn(context, sectionId, evidence)) {
    if (out.length >= MAX_LINKS) break;
    if (out.some((o) => o.name === s.name)) continue;
    s.link ??= { text: s.text, terms: new Set(readerTerms(s.text)), name: s.name };
    out.push(s.link);
  }
  return out;
}

/** The question's shares in a span's context read with its best linking sentence (see subjectLinks). */
export interface LinkedShares {
  near: number;
  support: number;
  names: number;
  stated: number;
  /** The linking sentence these shares were read with. */
  link: string;
}

export function linkedShares(
  c: { context: string; heading: string; links?: readonly SubjectLink[] },
  q: Pick<QuestionCues, "terms" | "weights" | "names" | "numbers" | "lower">,
  /** The span's context and heading terms, as the scorer has them already. */
  ctx: ReadonlySet<string>,
  head: ReadonlySet<string>,
  /**
   * Read forward links too (namedSubjectLinks): only for a span its sentence calls the thing
   * asked ("Elm Anthem is a fight song of …"); "X is a companion book to the Y series" says
   * nothing of X being the series asked, whatever Y's passage says.
   */
  forward = false,
): LinkedShares | undefined {
  if (!c.links?.length) return undefined;
  const share = termShare(q);
  let best: LinkedShares | undefined;
  for (const link of c.links) {
    // A subject the question names is where it starts, not a bridge it crosses.
    if (link.name && (!forward || says(q.lower, link.name.toLowerCase()))) continue;
    const lt = link.terms;
    const near = share((t) => ctx.has(t) || lt.has(t));
    if (best && near <= best.near) continue;
    const lower = `${c.context} ${c.heading} ${link.text}`.toLowerCase();
    const nums = new Set((lower.match(/\d+(?:[.,]\d+)*/g) ?? []).map(bareNum));
    best = {
      near,
      support: share((t) => ctx.has(t) || head.has(t) || lt.has(t)),
      names: nameShare(q, lower),
      stated: numberShare(q, nums),
      link: link.text,
    };
  }
  return best;
}
