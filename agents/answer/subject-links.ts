import type { Evidence } from "../../src/retrieval/context-bundle.js";
import { mentions, splitSentences } from "../text.js";
import { leadPassages } from "./lead-passages.js";
import { headingName } from "./linked-answer.js";
import { says } from "./phrase-match.js";
import { bareNum, type QuestionCues } from "./question-cues.js";
import { readerTerms } from "./reader-terms.js";

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
