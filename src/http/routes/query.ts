import { randomUUID } from "node:crypto";
import { streamSSE } from "hono/streaming";
import { z } from "zod";
import { AskResultSchema } from "../../../agents/ask-result.js";
import { AskModeSchema } from "../../../agents/graph-state.js";
import { withFollowUp } from "../../../agents/llm/llm-follow-up.js";
import { createStepMeter } from "../../../agents/llm/step-meter.js";
import { RetrievalFilterSchema } from "../../domain/retrieval-filter.js";
import type { ServerContext } from "../app-env.js";
import { ErrorBodySchema, errorResponse, HttpError } from "../http-error.js";
import { recordAnswer } from "../record-query.js";
import { defineRoute } from "../route.js";

export const QueryRequestSchema = z.strictObject({
  question: z.string().trim().min(1, "the question is empty").max(4000),
  mode: AskModeSchema.default("agent"),
  /** Earlier turns: a follow-up question is resolved against them before retrieval. */
  history: z
    .array(z.strictObject({ role: z.enum(["user", "assistant"]), content: z.string().max(20_000) }))
    .max(50)
    .default([]),
  /** Answer only from chunks of matching documents, pages and sections ("not found" otherwise). */
  filter: RetrievalFilterSchema.optional(),
});

export const QueryResponseSchema = AskResultSchema.extend({
  trace_id: z.string(),
  /** The question the agent answered: the asked one, or its standalone rewrite. */
  question: z.string(),
  rewritten_from: z.string().optional(),
  /** What rewrote the follow-up: a rule of agents/follow-up.ts, or the LLM rewriter (AGR_LLM=openai). */
  rewritten_by: z.enum(["new_period", "new_subject", "pronoun", "context", "llm"]).optional(),
});
export type QueryResponse = z.infer<typeof QueryResponseSchema>;

const QueryParamsSchema = z.object({ stream: z.enum(["0", "1", "true", "false"]).optional() });

/** POST /v1/query (answer with citations; ?stream=1 streams the agent's steps as SSE) and GET /v1/traces/:id. */
export function queryRoutes(ctx: ServerContext) {
  return [
    defineRoute({
      method: "post",
      path: "/v1/query",
      summary: "Answer a question with cited, verified sentences (?stream=1: SSE of the agent's steps)",
      tag: "query",
      body: QueryRequestSchema,
      query: QueryParamsSchema,
      responses: {
        200: {
          description: "the answer, or with ?stream=1 an SSE stream of steps ending in `result`",
          schema: QueryResponseSchema,
        },
        400: { description: "malformed request", schema: ErrorBodySchema },
      },
      handler: async (c, { body, query }) => {
        const engine = ctx.engine();
        const started = ctx.queries.start();
        const streaming = query.stream === "1" || query.stream === "true";
        const endpoint = streaming ? "query_stream" : "query";
        // Follow-ups through the LLM rewriter with AGR_LLM=openai (rules when it fails), else the rules.
        const followUp = createStepMeter();
        const turns = [...body.history, { role: "user" as const, content: body.question }];
        const resolved = await engine.followUp(turns, followUp.ctx);
        const rewrite = resolved.original
          ? { rewritten_from: resolved.original, rewritten_by: resolved.rule ?? ("llm" as const) }
          : {};
        const trace_id = `tr_${randomUUID().replaceAll("-", "")}`;
        c.header("x-trace-id", trace_id);
        const finish = (answer: z.infer<typeof AskResultSchema>): QueryResponse => {
          const result = withFollowUp(answer, resolved, followUp);
          const out = { ...result, trace_id, question: resolved.question, ...rewrite };
          ctx.traces.add(trace_id, out);
          recordAnswer(ctx, engine, {
            endpoint,
            mode: body.mode,
            started,
            trace_id,
            question: out.question,
            result,
          });
          return out;
        };
        const signal = c.get("signal");
        const run = { mode: body.mode, signal, ...(body.filter ? { filter: body.filter } : {}) };
        if (!streaming) {
          const result = await engine.agent.ask(resolved.question, run).catch((e) => {
            ctx.queries.recordError(endpoint);
            throw e;
          });
          return c.json(finish(result));
        }
        return streamSSE(c, async (sse) => {
          let id = 0;
          const send = (event: string, data: unknown) =>
            sse.writeSSE({ event, data: JSON.stringify(data), id: String(id++) });
          await send("start", { trace_id, question: resolved.question, ...rewrite });
          try {
            for await (const e of engine.agent.stream(resolved.question, run)) {
              if (e.type === "result") await send("result", finish(e.result));
              else {
                const { type, ...data } = e;
                await send(type, data);
                if (e.type === "grade" && e.retry)
                  await send("retry", { attempt: e.attempt + 1, grade: e.grade.score });
              }
            }
          } catch (error) {
            ctx.queries.recordError(endpoint);
            if (!signal.aborted) await send("error", errorResponse(error).body);
          }
        });
      },
    }),
    defineRoute({
      method: "get",
      path: "/v1/traces/:id",
      summary: "The result and step trace of a recent query (the server keeps the last 500)",
      tag: "query",
      params: z.object({ id: z.string().regex(/^tr_[0-9a-f]{32}$/, "not a trace id") }),
      responses: {
        200: { description: "the query's result with its trace", schema: QueryResponseSchema },
        404: { description: "unknown or expired trace", schema: ErrorBodySchema },
      },
      handler: (c, { params }) => {
        const hit = ctx.traces.get(params.id);
        if (!hit) throw new HttpError(404, "not_found", `no recent trace ${params.id}`);
        return c.json(hit);
      },
    }),
  ];
}
