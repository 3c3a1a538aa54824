import type { Evidence } from "../../src/retrieval/context-bundle.js";
import type { Triplet } from "../../tools/tool-result.js";
import type { AnswerSentence, Draft, SentenceCheck, VerificationReport } from "../schemas.js";
import { type ReadEvidence, readEvidence, readSentence } from "./verify-read.js";
import { checkRead, checkSentence, type SentenceVerdict, SUPPORT_THRESHOLD } from "./verify-sentence.js";

export { SUPPORT_THRESHOLD };

/**
 * Verifier step: draft + evidence → the draft with unsupported sentences re-cited or dropped, and
 * a report. Offline and pure (checks in verify-sentence.ts); agents/llm/llm-verifier.ts can
 * replace it and runs checkSentence as its first pass.
 */
export type Verifier = (draft: Draft, evidence: readonly Evidence[]) => Promise<VerifiedDraft>;

export interface VerifiedDraft {
  draft: Draft;
  report: VerificationReport;
}

export interface SupportParts {
  lexical: number;
  numeric: number;
  entity: number;
  /** At least SUPPORT_THRESHOLD exactly when the passage passes every check for the sentence. */
  score: number;
  /** Why it does not support the sentence (empty when it does). */
  reasons?: string[];
}

/** How well one passage supports a sentence, 0–1, by the same checks as the verifier. */
export function supportScore(sentence: string, passage: string): SupportParts {
  const read = readEvidence({ sid: "S0", text: passage, title: "", heading_path: [] });
  const v = checkSentence({ text: sentence, cites: ["S0"] }, () => read);
  return { lexical: v.lexical, numeric: v.numeric, entity: v.entity, score: v.support, reasons: v.reasons };
}

/** Reads each evidence item at most once per verification. */
export function evidenceReader(evidence: readonly Evidence[]): (sid: string) => ReadEvidence | undefined {
  const bySid = new Map(evidence.map((e) => [e.sid, e]));
  const cache = new Map<string, ReadEvidence>();
  return (sid) => {
    const hit = cache.get(sid);
    if (hit) return hit;
    const e = bySid.get(sid);
    if (!e) return undefined;
    const read = readEvidence(e);
    cache.set(sid, read);
    return read;
  };
}

/**
 * One sentence against the evidence it cites → verdict and reasons, without re-citing: the
 * offline first pass an LLM verifier runs before judging or rewriting a sentence.
 */
export function checkCited(
  sentence: { text: string; cites: readonly string[] },
  evidence: readonly Evidence[],
  facts: readonly Triplet[] = [],
): SentenceVerdict {
  return checkSentence(sentence, evidenceReader(evidence), facts);
}

export interface VerifyOptions {
  /** Triplets the graph returned: a sentence may not swap their subject and object. */
  facts?: readonly Triplet[];
}

/** One sentence's outcome: kept as cited, re-cited to the one passage that supports it, or dropped. */
export function verifySentence(
  s: AnswerSentence,
  evidence: readonly Evidence[],
  read: (sid: string) => ReadEvidence | undefined,
  facts: readonly Triplet[] = [],
): { check: SentenceCheck; kept?: AnswerSentence } {
  const r = readSentence(s);
  const v = checkRead(r, r.cites, read, facts);
  if (v.ok)
    return { check: { text: s.text, cites: s.cites, support: v.support, verdict: "supported" }, kept: s };
  const bare = r.text;
  let alt: { sid: string; v: SentenceVerdict } | undefined;
  for (const e of evidence) {
    const w = checkRead(r, [e.sid], read, facts);
    if (w.ok && (!alt || w.support > alt.v.support)) alt = { sid: e.sid, v: w };
  }
  const reasons = v.reasons;
  if (alt) {
    const cites = [alt.sid];
    return {
      check: { text: s.text, cites, support: alt.v.support, verdict: "revised", reasons },
      kept: { text: bare, cites },
    };
  }
  return { check: { text: s.text, cites: s.cites, support: v.support, verdict: "dropped", reasons } };
}

/**
 * Checks each sentence against its citations. Unsupported sentences are re-cited when another
 * passage of the bundle supports them ("revised"), else dropped; an answer left with no sentence
 * becomes "not found". The short answer stays only while the sentence holding it does.
 * Contradictions with graph facts are filled in by the caller (see verify-facts.ts).
 */
export function verifyDraft(
  draft: Draft,
  evidence: readonly Evidence[],
  options: VerifyOptions = {},
): VerifiedDraft {
  const read = evidenceReader(evidence);
  const checks: SentenceCheck[] = [];
  const kept: AnswerSentence[] = [];
  const survived: boolean[] = [];
  for (const s of draft.sentences) {
    const out = verifySentence(s, evidence, read, options.facts);
    checks.push(out.check);
    if (out.kept) kept.push(out.kept);
    survived.push(Boolean(out.kept));
  }
  return { draft: finishDraft(draft, kept, survived), report: reportOf(checks) };
}

/** The report's counts from its checks. */
export function reportOf(checks: SentenceCheck[]): VerificationReport {
  const dropped = checks.filter((c) => c.verdict === "dropped").length;
  return {
    sentences: checks.length,
    supported: checks.length - dropped,
    dropped,
    checks,
    contradictions: [],
  };
}

/** The verified draft: the kept sentences, "not found" when none is left, the short answer when its sentence survived. */
export function finishDraft(draft: Draft, kept: AnswerSentence[], survived: readonly boolean[]): Draft {
  const not_found = draft.not_found || kept.length === 0;
  const out: Draft = { sentences: kept, not_found };
  if (draft.short_answer === undefined) return out;
  const holder = holderOf(draft.short_answer, draft.sentences);
  const keep = !not_found && draft.short_answer !== null && holder >= 0 && survived[holder] === true;
  return { ...out, short_answer: keep ? draft.short_answer : null };
}

/**
 * Which sentence holds the short answer: the first that contains it (case and spacing aside), else
 * the opening sentence, where the reader puts the direct answer.
 */
export function holderOf(span: string | null, sentences: readonly AnswerSentence[]): number {
  if (span === null || sentences.length === 0) return -1;
  const norm = (t: string) => t.toLowerCase().replace(/\s+/g, " ").trim();
  const i = sentences.findIndex((s) => norm(s.text).includes(norm(span)));
  return Math.max(i, 0);
}

export const lexicalVerifier: Verifier = async (draft, evidence) => verifyDraft(draft, evidence);
