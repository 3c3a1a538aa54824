import type { Evidence } from "../../src/retrieval/context-bundle.js";
import type { Grade, QuestionType } from "../schemas.js";
import { contentTerms, entities, mentions } from "../text.js";

/** The grader's function type: offline below; an LLM grader returns the same GradeSchema. */
export type EvidenceGrader = (
  question: string,
  evidence: readonly Evidence[],
  type: QuestionType,
) => Promise<Grade>;

/** Signals that a passage holds the kind of answer a question type wants. */
export const ANSWER_SHAPE: Record<QuestionType, RegExp> = {
  how_to: /(^|\n)\s*(\d+[.)]|[-*]|```)|\b(run|use|call|create|add|install|set|execute|publish|to do this)\b/i,
  what_is: /\b(is|are|refers to|means|defined as|represents?)\b/i,
  why: /\b(because|due to|since|so that|in order to|as a result|reason|therefore|thus|allows?|ensures?|prevents?)\b/i,
  error: /\b(error|abort|fail\w*|fix|resolve|cause[sd]?|make sure|ensure)\b|\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b/,
  other: /\S/,
};

export interface GradeSignals {
  /** Share of the question's content terms found anywhere in the evidence (text, headings, titles). */
  coverage: number;
  /** Share of the question's named entities the evidence mentions. */
  entity_coverage: number;
  /** Best share of the question's terms inside one passage: an answer needs them together. */
  best_passage: number;
  /** Some passage has the shape the question type asks for. */
  shape: boolean;
}

export function gradeSignals(
  question: string,
  evidence: readonly Evidence[],
  type: QuestionType,
): GradeSignals {
  const terms = contentTerms(question);
  const names = entities(question);
  const passages = evidence.map((e) => ({
    terms: new Set(contentTerms(`${e.title} ${e.heading_path.join(" ")} ${e.text}`)),
    lower: `${e.title} ${e.heading_path.join(" ")} ${e.text}`.toLowerCase(),
    text: e.text,
  }));
  const all = new Set(passages.flatMap((p) => [...p.terms]));
  const share = (have: ReadonlySet<string>) =>
    terms.length === 0 ? 0 : terms.filter((t) => have.has(t)).length / terms.length;
  return {
    coverage: share(all),
    entity_coverage:
      names.length === 0
        ? share(all)
        : names.filter((n) => passages.some((p) => mentions(p.lower, n))).length / names.length,
    best_passage: Math.max(0, ...passages.map((p) => share(p.terms))),
    shape: passages.some((p) => ANSWER_SHAPE[type].test(p.text)),
  };
}

/**
 * Weights and the cut points of the 1–5 scale; `answerable` from 3 up. The 0.3 cut (grade 3) was
 * chosen on one half of MultiHop-RAG (sha1(id) even): most null queries below, few answerable ones.
 */
export const GRADE_WEIGHTS = { coverage: 0.3, entity_coverage: 0.4, best_passage: 0.3 } as const;
export const GRADE_CUTS = [0.2, 0.3, 0.45, 0.6] as const;

/** Pure offline grade: how much of the question the evidence covers, and whether it can answer it. */
export function gradeEvidence(question: string, evidence: readonly Evidence[], type: QuestionType): Grade {
  if (evidence.length === 0)
    return { score: 1, coverage: 0, entity_coverage: 0, answerable: false, reasons: ["no evidence"] };
  const s = gradeSignals(question, evidence, type);
  const raw = gradeValue(s);
  const score = 1 + GRADE_CUTS.filter((c) => raw >= c).length;
  const pct = (x: number) => `${Math.round(x * 100)}%`;
  const reasons = [
    `terms covered ${pct(s.coverage)}`,
    `entities covered ${pct(s.entity_coverage)}`,
    `best passage covers ${pct(s.best_passage)}`,
    s.shape ? `a passage has the shape of a ${type} answer` : `no passage looks like a ${type} answer`,
  ];
  return {
    score,
    coverage: round(s.coverage),
    entity_coverage: round(s.entity_coverage),
    answerable: score >= 3,
    reasons,
  };
}

/** The signals as one 0–1 value (a missing answer shape costs 0.1). */
export function gradeValue(s: GradeSignals): number {
  return (
    GRADE_WEIGHTS.coverage * s.coverage +
    GRADE_WEIGHTS.entity_coverage * s.entity_coverage +
    GRADE_WEIGHTS.best_passage * s.best_passage -
    (s.shape ? 0 : 0.1)
  );
}

/** The offline grader behind the shared function type. */
export const offlineGrader: EvidenceGrader = async (q, ev, type) => gradeEvidence(q, ev, type);

const round = (x: number): number => Math.round(x * 1000) / 1000;
