import { z } from "zod";
import { ASK_MODES } from "../../../agents/graph-state.js";
import { AnswerCitationSchema, RouteSchema } from "../../../agents/schemas.js";
import { AgentStepEventSchema } from "../../../agents/stream-agent.js";
import { RetrievalFilterSchema } from "../../domain/retrieval-filter.js";

/**
 * This engine's extension of OpenAI's request, namespaced like the response's `agr` so it can
 * never collide with an OpenAI field (openai SDKs send it with `extra_body={"agr": {...}}`).
 */
export const AgrRequestSchema = z.strictObject({
  /** Answer only from chunks of matching documents, pages and sections (see RetrievalFilter). */
  filter: RetrievalFilterSchema.optional(),
});

/** Message content: a string, or OpenAI's list of parts (only text parts are read). */
const ContentSchema = z.union([
  z.string(),
  z.array(z.looseObject({ type: z.string(), text: z.string().optional() })),
  z.null(),
]);

/**
 * OpenAI's chat request. Known fields are validated; fields this engine does not use
 * (temperature, top_p, user, ...) are accepted and ignored, as OpenAI clients send them.
 */
export const ChatRequestSchema = z.looseObject({
  model: z.string().min(1).max(200),
  messages: z
    .array(
      z.looseObject({
        role: z.enum(["system", "developer", "user", "assistant", "tool", "function"]),
        content: ContentSchema.optional(),
        name: z.string().optional(),
      }),
    )
    .min(1, "messages is empty")
    .max(200),
  stream: z.boolean().nullish(),
  stream_options: z.looseObject({ include_usage: z.boolean().optional() }).nullish(),
  n: z.literal(1).nullish(),
  max_tokens: z.number().int().positive().nullish(),
  max_completion_tokens: z.number().int().positive().nullish(),
  temperature: z.number().min(0).max(2).nullish(),
  agr: AgrRequestSchema.optional(),
});
export type ChatRequest = z.infer<typeof ChatRequestSchema>;

/** Extra fields beside OpenAI's: where the answer came from and how it was checked. */
export const AgrExtraSchema = z.object({
  route: RouteSchema,
  not_found: z.boolean(),
  /** Why the answer is "not found" (null when answered): a chat frontend can show it. */
  not_found_reason: z.string().nullable().optional(),
  trace_id: z.string(),
  question: z.string(),
  rewritten_from: z.string().optional(),
  /** What rewrote the follow-up: a rule of agents/follow-up.ts, or the LLM rewriter. */
  rewritten_by: z.enum(["new_period", "new_subject", "pronoun", "context", "llm"]).optional(),
  verification: z.object({
    sentences: z.number().int().nonnegative(),
    supported: z.number().int().nonnegative(),
    dropped: z.number().int().nonnegative(),
    /** The sentences the verifier dropped (a streamed LLM draft showed them; the answer has not). */
    dropped_sentences: z.array(z.string()).optional(),
  }),
  /**
   * Stream's last chunk only: what its content deltas carried. "draft": the LLM generator's text
   * as the model produced it (before verification; `answer` is the verified text); "answer": the
   * verified answer itself.
   */
  streamed: z.enum(["draft", "answer"]).optional(),
  /** Stream's last chunk, when `streamed` is "draft": the verified answer, as the non-stream response has it. */
  answer: z.string().optional(),
});

const UsageSchema = z.object({
  prompt_tokens: z.number().int().nonnegative(),
  completion_tokens: z.number().int().nonnegative(),
  total_tokens: z.number().int().nonnegative(),
});

export const ChatCompletionSchema = z.object({
  id: z.string(),
  object: z.literal("chat.completion"),
  created: z.number().int(),
  model: z.string(),
  choices: z.array(
    z.object({
      index: z.number().int(),
      message: z.object({ role: z.literal("assistant"), content: z.string(), refusal: z.null() }),
      finish_reason: z.literal("stop"),
      logprobs: z.null(),
    }),
  ),
  usage: UsageSchema,
  citations: z.array(AnswerCitationSchema),
  agr: AgrExtraSchema,
});
export type ChatCompletion = z.infer<typeof ChatCompletionSchema>;

export const ChatChunkSchema = z.object({
  id: z.string(),
  object: z.literal("chat.completion.chunk"),
  created: z.number().int(),
  model: z.string(),
  choices: z.array(
    z.object({
      index: z.number().int(),
      delta: z.object({ role: z.literal("assistant").optional(), content: z.string().optional() }),
      finish_reason: z.literal("stop").nullable(),
      logprobs: z.null(),
    }),
  ),
  usage: UsageSchema.nullable().optional(),
  citations: z.array(AnswerCitationSchema).optional(),
  agr: AgrExtraSchema.optional(),
  /**
   * Extension: one of the agent's steps (route, tool_call, grade, verification) as it ends, on a
   * chunk whose delta is empty, so OpenAI clients pass over it.
   */
  agr_event: AgentStepEventSchema.optional(),
});
export type ChatChunk = z.infer<typeof ChatChunkSchema>;

export const ModelListSchema = z.object({
  object: z.literal("list"),
  data: z.array(
    z.object({
      id: z.enum(ASK_MODES),
      object: z.literal("model"),
      created: z.number().int(),
      owned_by: z.string(),
    }),
  ),
});
