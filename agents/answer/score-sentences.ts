import type { Evidence } from "../../src/retrieval/context-bundle.js";
import type { QuestionType } from "../schemas.js";
import { contentTerms, entities, mentions, splitSentences } from "../text.js";

/** One evidence sentence as a candidate answer sentence. */
export interface Candidate {
  sid: string;
  text: string;
  terms: string[];
  score: number;
  /** Question terms it covers (for picking sentences that add something new). */
  covers: string[];
}

/** What each question type prefers in a sentence (how-to steps, definitions, reasons, fixes). */
const TYPE_CUE: Record<QuestionType, RegExp> = {
  how_to: /^\s*(\d+[.)]|[-*])|^(run|use|call|create|add|install|set|execute|publish|to \w+)\b|`[^`]+`|\$ /i,
  what_is: /^[^,]{0,80}\b(is|are|refers to|means|is defined as|represents?)\b (a|an|the|one)?\b/i,
  why: /\b(because|due to|since|so that|in order to|as a result|the reason|therefore|thus|this (allows|ensures|prevents))\b/i,
  error: /\b(error|abort\w*|fails?|fix|resolve|caused? by|make sure|ensure|occurs when|thrown)\b/i,
  other: /$^/,
};

/** Lines that are structure, not statements: headings, table rules, bare links, code fences, JSON keys. */
const NOISE = /^(#+\s|\|?\s*-{3,}|```|<[^>]+>$|import |\[[^\]]*\]\([^)]*\)$|\s*"[^"]+"\s*:)/;

/**
 * Scores every sentence of the evidence against the question: share of the question's terms and
 * entities it contains, a bonus for the shape the question type wants, a small prior for the
 * evidence's rank, and a penalty for fragments and run-ons. Pure and deterministic.
 */
export function scoreSentences(
  question: string,
  evidence: readonly Evidence[],
  type: QuestionType,
): Candidate[] {
  const qTerms = contentTerms(question);
  const qNames = entities(question);
  const out: Candidate[] = [];
  evidence.forEach((e, rank) => {
    const context = new Set(contentTerms(`${e.title} ${e.heading_path.join(" ")}`));
    for (const text of splitSentences(e.text)) {
      if (NOISE.test(text) || text.length < 20) continue;
      const terms = contentTerms(text);
      const own = new Set(terms);
      const covers = qTerms.filter((t) => own.has(t));
      const lower = text.toLowerCase();
      const termShare = qTerms.length ? covers.length / qTerms.length : 0;
      const nameShare = qNames.length
        ? qNames.filter((n) => mentions(lower, n)).length / qNames.length
        : termShare;
      // Terms only the heading/title carries still place the sentence in the right section.
      const contextShare = qTerms.length
        ? qTerms.filter((t) => !own.has(t) && context.has(t)).length / qTerms.length
        : 0;
      const words = text.split(/\s+/).length;
      const lengthPenalty = words < 6 ? 0.15 : words > 60 ? 0.1 : 0;
      const score =
        0.55 * termShare +
        0.25 * nameShare +
        0.1 * contextShare +
        (TYPE_CUE[type].test(text) ? 0.12 : 0) +
        0.05 / (1 + rank) -
        lengthPenalty;
      out.push({ sid: e.sid, text, terms, score, covers });
    }
  });
  return out.sort((a, b) => b.score - a.score || a.sid.localeCompare(b.sid, "en", { numeric: true }));
}
