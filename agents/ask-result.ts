import { z } from "zod";
import { notFoundTextFor } from "./answer/answer-language.js";
import type { GraphStateType } from "./graph-state.js";
import { TokensSchema } from "./graph-state.js";
import { AnswerCitationSchema, ContradictionSchema, RouteSchema, TraceEventSchema } from "./schemas.js";

/** `agr ask --json`: one object, a public contract. */
export const AskResultSchema = z
  .object({
    answer: z.string(),
    not_found: z.boolean(),
    route: RouteSchema,
    citations: z.array(AnswerCitationSchema),
    /** The answer span alone ("$8,420 million"), or null when not found or not one span. */
    short_answer: z.string().nullable(),
    /** Why the answer is "not found", in plain words; null when there is an answer. */
    not_found_reason: z.string().nullable(),
    verification: z
      .object({
        sentences: z.number().int().nonnegative(),
        supported: z.number().int().nonnegative(),
        dropped: z.number().int().nonnegative(),
        /** Where the answer's claims and the graph's facts (or the facts among themselves) disagree. */
        contradictions: z.array(ContradictionSchema),
      })
      .strict(),
    trace: z.array(TraceEventSchema),
    tokens: TokensSchema.strict(),
  })
  .strict();
export type AskResult = z.infer<typeof AskResultSchema>;

/** The contract object from the graph's final state. */
export function toAskResult(state: GraphStateType): AskResult {
  const v = state.verification;
  return AskResultSchema.parse({
    answer: state.final?.answer ?? notFoundTextFor(state.question ?? ""),
    not_found: state.final?.not_found ?? true,
    route: state.final?.route ?? state.route?.route ?? "simple",
    citations: state.final?.citations ?? [],
    short_answer: state.final?.short_answer ?? null,
    not_found_reason: notFoundReasonOf(state),
    verification: {
      sentences: v?.sentences ?? 0,
      supported: v?.supported ?? 0,
      dropped: v?.dropped ?? 0,
      contradictions: v?.contradictions ?? [],
    },
    trace: state.trace,
    tokens: state.tokens,
  });
}

/** Why the run's answer is "not found", as finalize recorded it (null when answered), or that the run stopped before it. */
export function notFoundReasonOf(state: Pick<GraphStateType, "final">): string | null {
  return state.final ? (state.final.not_found_reason ?? null) : "the run ended before an answer was written";
}
