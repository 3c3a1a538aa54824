import { Annotation } from "@langchain/langgraph";
import type { ContextBundle } from "../src/retrieval/context-bundle.js";
import type {
  AnswerCitation,
  Draft,
  FinalAnswer,
  Grade,
  RouteDecision,
  ToolCall,
  TraceEvent,
  VerificationReport,
} from "./schemas.js";

export * from "./schemas.js";

/**
 * The agent's whole state in one place: question → route → tool calls → evidence → grade
 * (with retries) → draft → verification → final answer with citations, and a trace of each step.
 * Part shapes are the zod schemas in ./schemas.ts; lists that nodes append to use a concat reducer.
 */
export const AgentState = Annotation.Root({
  question: Annotation<string>(),
  route: Annotation<RouteDecision | undefined>(),
  tool_calls: Annotation<ToolCall[]>({ reducer: (a, b) => a.concat(b), default: () => [] }),
  evidence: Annotation<ContextBundle | undefined>(),
  grade: Annotation<Grade | undefined>(),
  retries: Annotation<number>({ reducer: (_a, b) => b, default: () => 0 }),
  draft: Annotation<Draft | undefined>(),
  verification: Annotation<VerificationReport | undefined>(),
  citations: Annotation<AnswerCitation[]>({ reducer: (_a, b) => b, default: () => [] }),
  final: Annotation<FinalAnswer | undefined>(),
  trace: Annotation<TraceEvent[]>({ reducer: (a, b) => a.concat(b), default: () => [] }),
});
export type AgentStateType = typeof AgentState.State;
export type AgentStateUpdate = typeof AgentState.Update;

/** Retries after a low grade: the evidence is widened at most this often. */
export const MAX_RETRIES = 2;
/** Grades below this send the agent back to retrieval (widened). */
export const RETRY_BELOW = 3;
