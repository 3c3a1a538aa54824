import { z } from "zod";
import type { RetrievalFilter } from "../src/domain/retrieval-filter.js";
import { userError } from "../src/errors.js";
import type { AgentDeps } from "./agent-deps.js";
import { AskResultSchema, toAskResult } from "./ask-result.js";
import { buildAgentGraph } from "./graph.js";
import type { AskMode, GraphStateType } from "./graph-state.js";
import { HopRecordSchema } from "./retrieve/hop-state.js";
import { GradeSchema, RouteDecisionSchema, ToolCallSchema } from "./schemas.js";

const RouteEventSchema = z.object({ type: z.literal("route"), decision: RouteDecisionSchema });
const ToolCallEventSchema = z.object({
  type: z.literal("tool_call"),
  attempt: z.number().int().nonnegative(),
  call: ToolCallSchema,
});
/** One planned hop of a multi-hop question, as it ends: its sub-question, query and bridge. */
const HopEventSchema = z.object({
  type: z.literal("hop"),
  of: z.number().int().positive(),
  hop: HopRecordSchema,
});
const GradeEventSchema = z.object({
  type: z.literal("grade"),
  attempt: z.number().int().nonnegative(),
  grade: GradeSchema,
  retry: z.boolean(),
});
const VerificationEventSchema = z.object({
  type: z.literal("verification"),
  sentences: z.number().int().nonnegative(),
  supported: z.number().int().nonnegative(),
  dropped: z.number().int().nonnegative(),
  contradictions: z.number().int().nonnegative(),
  /** The text of each sentence the verifier dropped: a client that showed the draft flags them. */
  dropped_sentences: z.array(z.string()),
});

/** The agent's steps as they end (route, tool calls, grades, verification): progress for a client. */
export const AgentStepEventSchema = z.discriminatedUnion("type", [
  RouteEventSchema,
  HopEventSchema,
  ToolCallEventSchema,
  GradeEventSchema,
  VerificationEventSchema,
]);
export type AgentStepEvent = z.infer<typeof AgentStepEventSchema>;

/**
 * What a streamed run reports, in order: the route, each planned hop (multi-hop questions), each tool call, each grade (with the retry
 * decision), LLM draft tokens as the model produces them (LLM generator only; they reach the
 * caller while the generator runs, before verification), the verification, then the final
 * answer's text in pieces (`token`: exactly the verified text) and the whole result.
 * Every event crosses HTTP (SSE), so each has a schema.
 */
export const AgentStreamEventSchema = z.discriminatedUnion("type", [
  RouteEventSchema,
  HopEventSchema,
  ToolCallEventSchema,
  GradeEventSchema,
  z.object({ type: z.literal("draft_token"), text: z.string() }),
  VerificationEventSchema,
  z.object({ type: z.literal("token"), text: z.string() }),
  z.object({ type: z.literal("result"), result: AskResultSchema }),
]);
export type AgentStreamEvent = z.infer<typeof AgentStreamEventSchema>;

export interface StreamAgentOptions {
  mode?: AskMode;
  /** Answer only from chunks the filter allows (see RetrievalFilter). */
  filter?: RetrievalFilter;
  /** Stops the run between steps (client gone, server shutting down). */
  signal?: AbortSignal;
}

type CompiledAgent = ReturnType<typeof buildAgentGraph>;

/** Compiles the agent once for a long-lived caller (the server) instead of per question. */
export function createAgentRunner(deps: AgentDeps) {
  const graph: CompiledAgent = buildAgentGraph(deps);
  return {
    stream: (question: string, options: StreamAgentOptions = {}) => streamAgent(graph, question, options),
    /** The whole run, events discarded: what a non-streaming request needs. */
    async ask(question: string, options: StreamAgentOptions = {}) {
      for await (const event of streamAgent(graph, question, options))
        if (event.type === "result") return event.result;
      throw new Error("the agent ended without a result");
    },
  };
}
export type AgentRunner = ReturnType<typeof createAgentRunner>;

async function* streamAgent(
  graph: CompiledAgent,
  question: string,
  options: StreamAgentOptions,
): AsyncGenerator<AgentStreamEvent> {
  const q = question.trim();
  if (q === "") throw userError("bad_question", "the question is empty");
  const stream = await graph.stream(
    {
      question: q,
      mode: options.mode ?? "agent",
      started_at: Date.now(),
      ...(options.filter ? { filter: options.filter } : {}),
    },
    { streamMode: ["updates", "custom", "values"], ...(options.signal ? { signal: options.signal } : {}) },
  );
  let last: GraphStateType | undefined;
  let attempt = 0;
  for await (const [mode, chunk] of stream) {
    if (mode === "values") last = chunk as GraphStateType;
    else if (mode === "custom") {
      const token = (chunk as { answer_token?: unknown }).answer_token;
      if (typeof token === "string") yield { type: "draft_token", text: token };
    } else yield* fromUpdate(chunk as Record<string, Partial<GraphStateType>>, () => attempt++);
  }
  if (!last) throw new Error("the agent ended without a state");
  const result = toAskResult(last);
  for (const text of answerPieces(result.answer)) yield { type: "token", text };
  yield { type: "result", result };
}

function* fromUpdate(
  update: Record<string, Partial<GraphStateType>>,
  nextAttempt: () => number,
): Generator<AgentStreamEvent> {
  for (const [node, part] of Object.entries(update)) {
    if (node === "route_question" && part.route) yield { type: "route", decision: part.route };
    else if (node === "retrieve_hop" && part.hops) {
      const hop = part.hops.records.at(-1);
      if (hop) yield { type: "hop", of: part.hops.plan.hops.length, hop };
    } else if (node === "retrieve_evidence") {
      const attempt = nextAttempt();
      for (const call of part.tool_calls ?? []) yield { type: "tool_call", attempt, call };
    } else if (node === "grade_evidence" && part.grade)
      yield {
        type: "grade",
        attempt: Math.max(0, (part.retries ?? 0) - (part.next_step === "retrieve" ? 1 : 0)),
        grade: part.grade,
        retry: part.next_step === "retrieve",
      };
    else if (node === "verify_answer" && part.verification)
      yield {
        type: "verification",
        sentences: part.verification.sentences,
        supported: part.verification.supported,
        dropped: part.verification.dropped,
        contradictions: part.verification.contradictions.length,
        dropped_sentences: part.verification.checks.filter((c) => c.verdict === "dropped").map((c) => c.text),
      };
  }
}

/** Word-sized pieces (each keeps its leading space) so a client can render the text as it arrives. */
export function answerPieces(text: string): string[] {
  return text.match(/\s*\S+/g) ?? [];
}
