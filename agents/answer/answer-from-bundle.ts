import type { ContextBundle } from "../../src/retrieval/context-bundle.js";
import type { Draft, FinalAnswer, Grade, RouteDecision, VerificationReport } from "../schemas.js";
import { notFoundTextFor } from "./answer-language.js";
import { citationMap } from "./citation-map.js";
import {
  composeExtractive,
  DEFAULT_EXTRACTIVE,
  type ExtractiveOptions,
  renderAnswer,
} from "./extractive-generator.js";
import { gradeEvidence } from "./grade-evidence.js";
import { verifyDraft } from "./verify-answer.js";

export interface OfflineAnswer {
  grade: Grade;
  draft: Draft;
  verification: VerificationReport;
  final: FinalAnswer;
}

/**
 * The offline answering core on one bundle: grade → extractive draft → verification → final
 * answer with its citations map. The agent graph runs the same steps as nodes (with retries on a
 * low grade); this composition is what evals and tests call directly.
 */
export function answerFromBundle(
  question: string,
  bundle: ContextBundle,
  decision: RouteDecision,
  options: ExtractiveOptions = DEFAULT_EXTRACTIVE,
): OfflineAnswer {
  const grade = gradeEvidence(question, bundle.evidence, decision.question_type);
  const raw = composeExtractive({ question, bundle, decision, grade }, options);
  const { draft, report } = verifyDraft(raw, bundle.evidence);
  const final: FinalAnswer = {
    answer: renderAnswer(draft, notFoundTextFor(question)),
    not_found: draft.not_found,
    route: decision.route,
    citations: draft.not_found ? [] : citationMap(draft, bundle.evidence),
    short_answer: draft.not_found ? null : (draft.short_answer ?? null),
  };
  return { grade, draft, verification: report, final };
}
