import { Annotation } from "@langchain/langgraph";
import { z } from "zod";
import type { RetrievalFilter } from "../src/domain/retrieval-filter.js";
import type { Triplet } from "../tools/tool-result.js";
import type { Attempt } from "./retrieve/best-attempt.js";
import type { HopState } from "./retrieve/hop-state.js";
import { AgentState } from "./state.js";

/** How `agr ask` retrieves: the routed agent, or one retrieval mode / tool forced for every question. */
export const ASK_MODES = ["agent", "vector", "hybrid", "graph", "vector_cypher"] as const;
export const AskModeSchema = z.enum(ASK_MODES);
export type AskMode = z.infer<typeof AskModeSchema>;

export const TokensSchema = z.object({
  prompt: z.number().int().nonnegative(),
  completion: z.number().int().nonnegative(),
});
export type Tokens = z.infer<typeof TokensSchema>;

/**
 * The agent's shared state (./state.ts) plus what the graph's wiring needs: the forced mode, when
 * the run started (trace times are relative to it), the grader's decision for the conditional
 * edge, the facts the graph tools returned (for the contradiction check), every graded attempt
 * and the one the answer is drawn from (the best-graded), and LLM token counts (0 offline).
 */
export const GraphState = Annotation.Root({
  ...AgentState.spec,
  mode: Annotation<AskMode>({ reducer: (_a, b) => b, default: () => "agent" }),
  /** The run's scope: every tool call searches and cites only chunks it allows (see RetrievalFilter). */
  filter: Annotation<RetrievalFilter | undefined>(),
  started_at: Annotation<number | undefined>(),
  next_step: Annotation<"retrieve" | "generate" | undefined>(),
  /** A multi-hop question's planned sub-questions and the hops run so far (retrieve/hop-state.ts). */
  hops: Annotation<HopState | undefined>(),
  facts: Annotation<Triplet[]>({ reducer: (_a, b) => b, default: () => [] }),
  attempts: Annotation<Attempt[]>({ reducer: (a, b) => a.concat(b), default: () => [] }),
  used_attempt: Annotation<number | undefined>(),
  /** Why the last draft found no answer (null when it found one): the answer's `not_found_reason`. */
  refusal: Annotation<string | null>({ reducer: (_a, b) => b, default: () => null }),
  /** Attempts whose evidence the offline reader could not answer from: never chosen again. */
  refused: Annotation<number[]>({ reducer: (a, b) => a.concat(b), default: () => [] }),
  tokens: Annotation<Tokens>({
    reducer: (a, b) => ({ prompt: a.prompt + b.prompt, completion: a.completion + b.completion }),
    default: () => ({ prompt: 0, completion: 0 }),
  }),
});
export type GraphStateType = typeof GraphState.State;
export type GraphStateUpdate = typeof GraphState.Update;
