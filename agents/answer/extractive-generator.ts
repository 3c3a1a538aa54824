import type { ContextBundle } from "../../src/retrieval/context-bundle.js";
import type { AnswerSentence, Draft, Grade, RouteDecision } from "../schemas.js";
import { readAnswer } from "./compose-answer.js";
import { type Candidate, scoreSentences } from "./score-sentences.js";

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
  /** The best sentence must score at least this. */
  minSentenceScore: number;
  /** Later sentences must score at least this share of the best one. */
  keepRatio: number;
}

export const DEFAULT_EXTRACTIVE: ExtractiveOptions = { minGrade: 3, minSentenceScore: 0.1, keepRatio: 0.6 };

/** How many sentences a route's answer may take: one fact, or the facts of several hops. */
const MAX_SENTENCES: Record<RouteDecision["route"], number> = {
  simple: 2,
  relation: 3,
  multi_hop: 4,
  temporal: 3,
  global: 4,
};

/**
 * Extractive composition: the best-scoring evidence sentences, each cited with the evidence it
 * came from ([S#]), chosen greedily so that each adds question terms the earlier ones did not
 * cover. "Not found" when the grade or the best sentence is too weak. Pure.
 */
export function composeExtractive(
  input: GenerateInput,
  options: ExtractiveOptions = DEFAULT_EXTRACTIVE,
): Draft {
  const { question, bundle, decision, grade } = input;
  if (grade.score < options.minGrade) return { sentences: [], not_found: true };
  if (decision.route === "global") {
    const ranked = scoreSentences(question, bundle.evidence, decision.question_type);
    return composeOverview(bundle, ranked);
  }
  return readAnswer(question, bundle.evidence).draft;
}

/**
 * A global question ("main themes", "overview") rarely shares words with its answer: the answer
 * is one statement per area the evidence covers. Map: the best sentence of each distinct
 * section, in evidence order (community_search interleaves its communities); reduce: up to the
 * route's sentence budget, each cited.
 */
function composeOverview(bundle: GenerateInput["bundle"], ranked: readonly Candidate[]): Draft {
  const bestOf = new Map<string, Candidate>();
  for (const c of ranked) if (!bestOf.has(c.sid) && c.text.length >= 40) bestOf.set(c.sid, c);
  const sections = new Set<string>();
  const sentences: AnswerSentence[] = [];
  for (const e of bundle.evidence) {
    if (sentences.length >= MAX_SENTENCES.global) break;
    const c = bestOf.get(e.sid);
    if (!c || sections.has(e.section_id)) continue;
    sections.add(e.section_id);
    sentences.push({ text: c.text.replace(/^\s*[-*+]\s+/, ""), cites: [e.sid] });
  }
  return sentences.length > 0 ? { sentences, not_found: false } : { sentences: [], not_found: true };
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
