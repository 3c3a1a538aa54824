import type { Evidence } from "../../src/retrieval/context-bundle.js";
import type { AnswerSentence, Draft, SentenceCheck, VerificationReport } from "../schemas.js";
import { contentTerms, entities, mentions, numbers } from "../text.js";

/** The verifier's function type: lexical offline (below), or an LLM judge with the same report. */
export type Verifier = (draft: Draft, evidence: readonly Evidence[]) => Promise<VerifiedDraft>;

export interface VerifiedDraft {
  draft: Draft;
  report: VerificationReport;
}

/** A sentence is supported from this score up. */
export const SUPPORT_THRESHOLD = 0.6;

export interface SupportParts {
  lexical: number;
  numeric: number;
  entity: number;
  score: number;
}

/**
 * How well a passage supports a sentence, 0–1: share of the sentence's content terms the passage
 * has, share of its numbers it states, share of its named entities it mentions. A missing number or
 * name is the typical hallucination, so those two weigh as much as all the words.
 */
export function supportScore(sentence: string, passage: string): SupportParts {
  const sTerms = contentTerms(sentence);
  const pTerms = new Set(contentTerms(passage));
  const lexical = sTerms.length ? sTerms.filter((t) => pTerms.has(t)).length / sTerms.length : 0;
  const sNums = numbers(sentence);
  const pNums = new Set(numbers(passage));
  const numeric = sNums.length ? sNums.filter((n) => pNums.has(n)).length / sNums.length : 1;
  const lower = passage.toLowerCase();
  const sNames = entities(sentence);
  const entity = sNames.length ? sNames.filter((n) => mentions(lower, n)).length / sNames.length : 1;
  const score = Math.min(lexical, 0.5 * lexical + 0.25 * numeric + 0.25 * entity);
  return { lexical, numeric, entity, score: Math.round(score * 1000) / 1000 };
}

/** Support of a sentence by the evidence it cites (the best cited passage counts). */
export function citedSupport(sentence: AnswerSentence, bySid: ReadonlyMap<string, Evidence>): number {
  return Math.max(
    0,
    ...sentence.cites.map((sid) => supportScore(sentence.text, bySid.get(sid)?.text ?? "").score),
  );
}

/**
 * Checks each sentence against its citations. Unsupported sentences are re-cited when another
 * passage of the bundle supports them ("revised"), else dropped; an answer left with no sentence
 * becomes "not found". Contradictions are filled in by the caller (see find-contradictions.ts).
 */
export function verifyDraft(
  draft: Draft,
  evidence: readonly Evidence[],
  threshold = SUPPORT_THRESHOLD,
): VerifiedDraft {
  const bySid = new Map(evidence.map((e) => [e.sid, e]));
  const checks: SentenceCheck[] = [];
  const kept: AnswerSentence[] = [];
  for (const s of draft.sentences) {
    const support = citedSupport(s, bySid);
    if (support >= threshold) {
      checks.push({ text: s.text, cites: s.cites, support, verdict: "supported" });
      kept.push(s);
      continue;
    }
    const alt = evidence
      .map((e) => ({ sid: e.sid, score: supportScore(s.text, e.text).score }))
      .sort((a, b) => b.score - a.score)[0];
    if (alt && alt.score >= threshold) {
      checks.push({ text: s.text, cites: [alt.sid], support: alt.score, verdict: "revised" });
      kept.push({ text: s.text, cites: [alt.sid] });
    } else {
      checks.push({ text: s.text, cites: s.cites, support, verdict: "dropped" });
    }
  }
  const report: VerificationReport = {
    sentences: draft.sentences.length,
    supported: checks.filter((c) => c.verdict !== "dropped").length,
    dropped: checks.filter((c) => c.verdict === "dropped").length,
    checks,
    contradictions: [],
  };
  return { draft: { sentences: kept, not_found: draft.not_found || kept.length === 0 }, report };
}

export const lexicalVerifier: Verifier = async (draft, evidence) => verifyDraft(draft, evidence);
