import { z } from "zod";
import { BboxSchema } from "../src/domain/bbox.js";

/**
 * The parts of the agent's state, as zod schemas: every part crosses a boundary (an LLM's
 * structured output, the `agr ask --json` contract, a trace) so each one is validated there.
 */

export const ROUTES = ["simple", "relation", "multi_hop", "global", "temporal"] as const;
export const RouteSchema = z.enum(ROUTES);
export type Route = z.infer<typeof RouteSchema>;

export const QUESTION_TYPES = ["how_to", "what_is", "why", "error", "other"] as const;
export const QuestionTypeSchema = z.enum(QUESTION_TYPES);
export type QuestionType = z.infer<typeof QuestionTypeSchema>;

/** Where a question goes and why; `fired` lists the rules (offline) or the judge's reasons (LLM). */
export const RouteDecisionSchema = z.object({
  route: RouteSchema.describe("simple | relation | multi_hop | global | temporal"),
  question_type: QuestionTypeSchema.describe("how_to | what_is | why | error | other"),
  confidence: z.number().min(0).max(1),
  fired: z.array(z.string()).describe("rules or reasons behind the decision"),
  source: z.enum(["rules", "llm"]),
});
export type RouteDecision = z.infer<typeof RouteDecisionSchema>;

/** Relevance grade of the evidence for the question, 1 (useless) to 5 (answers it). */
export const GradeSchema = z.object({
  score: z.number().int().min(1).max(5),
  coverage: z.number().min(0).max(1).describe("share of the question's terms the evidence covers"),
  entity_coverage: z.number().min(0).max(1).describe("share of the question's entities found"),
  answerable: z.boolean(),
  reasons: z.array(z.string()),
  /** Who judged `answerable`: set by the LLM grader only (the offline signals leave it unset). */
  source: z.enum(["rules", "llm"]).optional(),
});
export type Grade = z.infer<typeof GradeSchema>;

/** One answer sentence and the evidence ids it cites ("S1", ...). */
export const AnswerSentenceSchema = z.object({
  text: z.string().min(1),
  cites: z.array(z.string().regex(/^S\d+$/)).min(1),
});
export type AnswerSentence = z.infer<typeof AnswerSentenceSchema>;

export const DraftSchema = z.object({
  sentences: z.array(AnswerSentenceSchema),
  not_found: z.boolean(),
  /** The answer itself as a short span ("$8,420 million", "1997"), when the reader found one. */
  short_answer: z.string().nullable().optional(),
  /** Why a not-found draft found no answer, in plain words (the trace and `not_found_reason`). */
  refusal: z.string().optional(),
});
export type Draft = z.infer<typeof DraftSchema>;

/** Citation S# → where it can be opened (public contract of `agr ask --json`). */
export const AnswerCitationSchema = z.object({
  S: z.string().regex(/^S\d+$/),
  chunk_id: z.string(),
  uri: z.string(),
  url: z.string().optional(),
  page: z.number().int().positive().optional(),
  bbox: z.array(BboxSchema).optional(),
  heading_path: z.array(z.string()),
});
export type AnswerCitation = z.infer<typeof AnswerCitationSchema>;

export const SentenceCheckSchema = z.object({
  text: z.string(),
  cites: z.array(z.string()),
  support: z.number().min(0).max(1),
  verdict: z.enum(["supported", "revised", "dropped"]),
  /** Why the sentence failed its own citations (revised or dropped): "8,240 is not in the cited evidence". */
  reasons: z.array(z.string()).optional(),
});
export type SentenceCheck = z.infer<typeof SentenceCheckSchema>;

export const ContradictionSchema = z.object({
  subject: z.string(),
  predicate: z.string(),
  objects: z.array(z.string()).min(2),
  relation_ids: z.array(z.string()),
  /** Which evidence states each object (S# of the answer sentence, of the fact's passage). */
  sources: z.array(z.object({ object: z.string(), cites: z.array(z.string()) })).optional(),
  /** The answer sentence that claims one of the objects, when the clash is with the answer. */
  claim: z.string().optional(),
});
export type Contradiction = z.infer<typeof ContradictionSchema>;

export const VerificationReportSchema = z.object({
  sentences: z.number().int().nonnegative(),
  supported: z.number().int().nonnegative(),
  dropped: z.number().int().nonnegative(),
  checks: z.array(SentenceCheckSchema),
  contradictions: z.array(ContradictionSchema),
});
export type VerificationReport = z.infer<typeof VerificationReportSchema>;

export const NOT_FOUND_TEXT = "Not found in the indexed documents.";

export const FinalAnswerSchema = z.object({
  answer: z.string(),
  not_found: z.boolean(),
  route: RouteSchema,
  citations: z.array(AnswerCitationSchema),
  /** The answer span, or null (not found, or an answer that is not one span). */
  short_answer: z.string().nullable(),
  /** Why the answer is "not found" (null when it is not). */
  not_found_reason: z.string().nullable().optional(),
});
export type FinalAnswer = z.infer<typeof FinalAnswerSchema>;

export const TraceEventSchema = z.object({
  step: z.string(),
  at_ms: z.number().nonnegative(),
  detail: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.array(z.string())])),
});
export type TraceEvent = z.infer<typeof TraceEventSchema>;

export const ToolCallSchema = z.object({
  tool: z.string(),
  input: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  evidence_ids: z.array(z.string()),
});
export type ToolCall = z.infer<typeof ToolCallSchema>;
