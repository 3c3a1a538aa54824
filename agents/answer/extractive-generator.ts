import type { ContextBundle } from "../../src/retrieval/context-bundle.js";
import type { HopState } from "../retrieve/hop-state.js";
import type { Draft, Grade, RouteDecision } from "../schemas.js";
import {
  contextsToEmbed,
  DEFAULT_READER,
  type ReaderOptions,
  readAnswer,
  readPair,
} from "./compose-answer.js";
import { answerAsOption } from "./option-answer.js";
import { readHops, resolvedQuestion } from "./read-hops.js";

/** The generator's function type: the extractive one below, or an LLM writing [S#]-cited sentences. */
export type Generator = (input: GenerateInput) => Promise<Draft>;

export interface GenerateInput {
  question: string;
  bundle: ContextBundle;
  decision: RouteDecision;
  grade: Grade;
  /** Cosines of texts to the question under the store's embedding model (absent without vectors). */
  similarity?: (question: string, texts: readonly string[]) => Promise<number[]>;
  /** A multi-hop question's planned hops as they ran (bridges read, the last sub-question resolved). */
  hops?: HopState;
  /** The reader's floor for an answer when configured (AGR_READER_MIN_SCORE), else DEFAULT_READER's. */
  readerMinScore?: number;
}

/** Candidate contexts embedded per question: bounded, so reading stays interactive. */
export const SIMILARITY_LIMIT = 16;

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
  similarity?: ReadonlyMap<string, number>,
): Draft {
  const { question, bundle, decision, grade } = input;
  // A low grade means the question's words are spread thin; a pair question ("Are A and B in the
  // same country?") checks its own evidence: both things' passages must state what is compared.
  if (grade.score < options.minGrade)
    return (
      readPair(question, bundle.evidence)?.draft ?? {
        sentences: [],
        not_found: true,
        short_answer: null,
        refusal: `the evidence grades ${grade.score} of 5, under ${options.minGrade}: its passages cover too little of the question`,
      }
    );
  // A chained question (routed multi-hop, or planned as hops) is read with the chain's gates.
  const reader =
    decision.route === "multi_hop" || input.hops?.plan.kind === "chain"
      ? { ...options.reader, chained: true }
      : options.reader;
  const chained = readHops(input.hops, bundle.evidence, reader, similarity, question);
  if (chained) return chained.draft;
  // A chain's bridges were read on the way to the answer (the person who played X): never the answer.
  const passed =
    input.hops?.plan.kind === "chain" ? input.hops.records.map((r) => r.bridge ?? "").join(" ") : "";
  const overview = decision.route === "global";
  // The cosines were taken to the chain's last sub-question: they do not score the whole question.
  const own = resolvedQuestion(input.hops) ? undefined : similarity;
  const read = readAnswer(question, bundle.evidence, reader, overview, own, passed);
  // A choice between two named things is answered by one of them, never a third name.
  const draft = answerAsOption(question, read.draft, bundle.evidence);
  return draft.not_found && !draft.refusal ? { ...draft, refusal: read.reason } : draft;
}

/** The best candidate contexts' cosines to the question, or undefined without an embedder (or on error). */
async function similarities(input: GenerateInput): Promise<ReadonlyMap<string, number> | undefined> {
  if (!input.similarity || input.grade.score < DEFAULT_EXTRACTIVE.minGrade) return undefined;
  // The question the reader will read: a finished chain's last sub-question, else the whole one.
  const question = resolvedQuestion(input.hops) ?? input.question;
  const texts = contextsToEmbed(question, input.bundle.evidence, SIMILARITY_LIMIT);
  if (texts.length === 0) return undefined;
  try {
    const cos = await input.similarity(question, texts);
    return new Map(texts.map((t, i) => [t, cos[i] ?? 0]));
  } catch {
    return undefined;
  }
}

/** The extractive generator behind the shared function type. */
export const extractiveGenerator: Generator = async (input) =>
  composeExtractive(input, extractiveOptions(input.readerMinScore), await similarities(input));

/** The default options, with the reader's floor configured when it is. */
export function extractiveOptions(minScore?: number): ExtractiveOptions {
  return minScore === undefined
    ? DEFAULT_EXTRACTIVE
    : { ...DEFAULT_EXTRACTIVE, reader: { ...DEFAULT_EXTRACTIVE.reader, minScore } };
}

/** "Sentence. [S1]" lines joined into the answer text; the not-found text when there is none. */
export function renderAnswer(draft: Draft, notFoundText: string): string {
  if (draft.not_found || draft.sentences.length === 0) return notFoundText;
  return draft.sentences
    .map(
      (s) =>
        `${s.text.replace(/\s*\[S\d+\]\s*$/, "")} ${inOrder(s.cites)
          .map((c) => `[${c}]`)
          .join("")}`,
    )
    .join(" ");
}

/** S numbers as a reader counts them: "[S2][S15]", not "[S15][S2]". */
const inOrder = (cites: readonly string[]): string[] =>
  [...cites].sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)) || a.localeCompare(b));
