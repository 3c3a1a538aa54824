import type { ContextBundle } from "../../src/retrieval/context-bundle.js";
import type { Draft, Grade, RouteDecision } from "../schemas.js";
import { DEFAULT_READER, type ReaderOptions, readAnswer } from "./compose-answer.js";

/** The generator's function type: the extractive one below, or an LLM writing [S#]-cited sentences. */
export type Generator = (input: GenerateInput) => Promise<Draft>;

export interface GenerateInput {
  question: string;
  bundle: ContextBundle;
  decision: RouteDecision;
  grade: Grade;
}

export interface ExtractiveOptions {
  /** Below this grade the answer is "not found" (tuned on MultiHop-RAG answerable vs null queries). */
  minGrade: number;
  reader: ReaderOptions;
}

export const DEFAULT_EXTRACTIVE: ExtractiveOptions = { minGrade: 3, reader: DEFAULT_READER };

/**
 * The offline generator: the reader (compose-answer.ts) over the bundle, after the grader's
 * verdict. A global route is answered as an overview (one passage's items). Pure.
 */
export function composeExtractive(
  input: GenerateInput,
  options: ExtractiveOptions = DEFAULT_EXTRACTIVE,
): Draft {
  const { question, bundle, decision, grade } = input;
  if (grade.score < options.minGrade) return { sentences: [], not_found: true, short_answer: null };
  return readAnswer(question, bundle.evidence, options.reader, decision.route === "global").draft;
}

/** The extractive generator behind the shared function type. */
export const extractiveGenerator: Generator = async (input) => composeExtractive(input);

/** "Sentence. [S1]" lines joined into the answer text; the not-found text when there is none. */
export function renderAnswer(draft: Draft, notFoundText: string): string {
  if (draft.not_found || draft.sentences.length === 0) return notFoundText;
  return draft.sentences
    .map((s) => `${s.text.replace(/\s*\[S\d+\]\s*$/, "")} ${s.cites.map((c) => `[${c}]`).join("")}`)
    .join(" ");
}
