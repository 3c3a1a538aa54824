import { randomUUID } from "node:crypto";
import { streamSSE } from "hono/streaming";
import type { AskResult } from "../../../agents/ask-result.js";
import type { Turn } from "../../../agents/follow-up.js";
import { AskModeSchema } from "../../../agents/graph-state.js";
import { withFollowUp } from "../../../agents/llm/llm-follow-up.js";
import { createStepMeter } from "../../../agents/llm/step-meter.js";
import type { ServerContext } from "../app-env.js";
import { ErrorBodySchema, HttpError } from "../http-error.js";
import { recordAnswer } from "../record-query.js";
import { defineRoute } from "../route.js";
import {
  type ChatChunk,
  type ChatCompletion,
  ChatCompletionSchema,
  type ChatRequest,
  ChatRequestSchema,
  ModelListSchema,
} from "./chat-schemas.js";
import { writeChatStream } from "./chat-stream.js";

/** Start of the server process: the models' `created` (they exist as long as it runs). */
const CREATED = Math.floor(Date.now() / 1000);

/**
 * OpenAI-compatible: the knowledge base as a set of models, one per answering mode. Any OpenAI
 * client (Open WebUI, LibreChat, the openai SDK) can chat with it; answers cite [S#] in the text
 * and list the citations in an extra `citations` field.
 */
export function chatRoutes(ctx: ServerContext) {
  return [
    defineRoute({
      method: "get",
      path: "/v1/models",
      summary: "The answering modes as OpenAI models",
      tag: "openai",
      responses: { 200: { description: "models", schema: ModelListSchema } },
      handler: (c) =>
        c.json({
          object: "list" as const,
          data: AskModeSchema.options.map((id) => ({
            id,
            object: "model" as const,
            created: CREATED,
            owned_by: "agentic-graph-rag",
          })),
        }),
    }),
    defineRoute({
      method: "post",
      path: "/v1/chat/completions",
      summary: "OpenAI chat completions (stream or not); earlier turns resolve follow-up questions",
      tag: "openai",
      body: ChatRequestSchema,
      responses: {
        200: {
          description: "a chat.completion, or an SSE stream of chat.completion.chunk ending in [DONE]",
          schema: ChatCompletionSchema,
        },
        400: { description: "malformed request", schema: ErrorBodySchema },
        404: { description: "unknown model", schema: ErrorBodySchema },
      },
      handler: async (c, { body }) => {
        const engine = ctx.engine();
        const mode = AskModeSchema.safeParse(body.model);
        if (!mode.success)
          throw new HttpError(
            404,
            "model_not_found",
            `unknown model ${body.model}; models: ${AskModeSchema.options.join(", ")}`,
          );
        const started = ctx.queries.start();
        const endpoint = body.stream ? "chat_stream" : "chat";
        const turns = toTurns(body);
        // Follow-ups through the LLM rewriter with AGR_LLM=openai (rules when it fails), else the rules.
        const followUp = createStepMeter();
        const resolved = await engine.followUp(turns, followUp.ctx);
        const rewrite = resolved.original
          ? { rewritten_from: resolved.original, rewritten_by: resolved.rule ?? ("llm" as const) }
          : {};
        const id = `chatcmpl-${randomUUID().replaceAll("-", "")}`;
        const trace_id = `tr_${id.slice(9)}`;
        const created = Math.floor(Date.now() / 1000);
        c.header("x-trace-id", trace_id);
        const signal = c.get("signal");
        const filter = body.agr?.filter;
        const run = { mode: mode.data, signal, ...(filter ? { filter } : {}) };
        const extra = (answer: AskResult) => {
          const r = withFollowUp(answer, resolved, followUp);
          const agr = {
            route: r.route,
            not_found: r.not_found,
            not_found_reason: r.not_found_reason,
            trace_id,
            question: resolved.question,
            ...rewrite,
            verification: r.verification,
          };
          ctx.traces.add(trace_id, { ...r, trace_id, question: resolved.question, ...rewrite });
          recordAnswer(ctx, engine, {
            endpoint,
            mode: mode.data,
            started,
            trace_id,
            question: resolved.question,
            result: r,
          });
          return { citations: r.citations, agr, result: r };
        };
        const usage = (r: AskResult) => ({
          prompt_tokens: r.tokens.prompt,
          completion_tokens: r.tokens.completion,
          total_tokens: r.tokens.prompt + r.tokens.completion,
        });
        if (!body.stream) {
          const answer = await engine.agent.ask(resolved.question, run).catch((e) => {
            ctx.queries.recordError(endpoint);
            throw e;
          });
          const { result: r, ...extras } = extra(answer);
          const out: ChatCompletion = {
            id,
            object: "chat.completion",
            created,
            model: mode.data,
            choices: [
              {
                index: 0,
                message: { role: "assistant", content: r.answer, refusal: null },
                finish_reason: "stop",
                logprobs: null,
              },
            ],
            usage: usage(r),
            ...extras,
          };
          return c.json(out);
        }
        const chunk = (
          delta: ChatChunk["choices"][number]["delta"],
          finish: "stop" | null,
          more: Partial<ChatChunk> = {},
        ): ChatChunk => ({
          id,
          object: "chat.completion.chunk",
          created,
          model: mode.data,
          choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }],
          ...more,
        });
        return streamSSE(c, (sse) =>
          writeChatStream(sse, engine.agent.stream(resolved.question, run), {
            chunk,
            withUsage: body.stream_options?.include_usage === true,
            extra,
            usage,
            signal,
            onError: () => ctx.queries.recordError(endpoint),
          }),
        );
      },
    }),
  ];
}

/** OpenAI messages → plain turns (text parts joined; tool and function turns ignored). */
function toTurns(body: ChatRequest): Turn[] {
  const turns: Turn[] = [];
  for (const m of body.messages) {
    const role = m.role === "developer" ? "system" : m.role;
    if (role !== "user" && role !== "assistant" && role !== "system") continue;
    const content =
      typeof m.content === "string"
        ? m.content
        : (m.content ?? []).map((p) => (p.type === "text" ? (p.text ?? "") : "")).join("\n");
    turns.push({ role, content });
  }
  const last = turns.at(-1);
  if (last?.role !== "user" || last.content.trim() === "")
    throw new HttpError(400, "invalid_request", "the last message must be a user message with text");
  if (last.content.length > 4000)
    throw new HttpError(400, "invalid_request", "the question is longer than 4000 characters");
  return turns;
}
