import type { SSEStreamingApi } from "hono/streaming";
import type { z } from "zod";
import type { AskResult } from "../../../agents/ask-result.js";
import type { AgentStreamEvent } from "../../../agents/stream-agent.js";
import { errorResponse } from "../http-error.js";
import type { AgrExtraSchema, ChatChunk } from "./chat-schemas.js";

type Agr = z.infer<typeof AgrExtraSchema>;

export interface ChatStreamOptions {
  /** A chunk of this completion (id, model, created filled in). */
  chunk(
    delta: ChatChunk["choices"][number]["delta"],
    finish: "stop" | null,
    more?: Partial<ChatChunk>,
  ): ChatChunk;
  /** stream_options.include_usage: every chunk has `usage: null`, a last one with no choices the usage. */
  withUsage: boolean;
  /** The final chunk's extras for the result (records the answer once). */
  extra(result: AskResult): { citations: AskResult["citations"]; agr: Agr; result: AskResult };
  usage(result: AskResult): NonNullable<ChatChunk["usage"]>;
  signal: AbortSignal;
  onError(): void;
}

/**
 * Writes an agent run as OpenAI `chat.completion.chunk`s, each as its event happens:
 * - the agent's steps (route, tool_call, grade, verification) as chunks with an empty delta and an
 *   extra top-level `agr_event` (OpenAI clients add nothing to the text and pass the field over);
 * - the LLM generator's tokens as content deltas while the model produces them; a run without
 *   them (offline reader, generator skipped or failed before its first token) streams the
 *   verified answer in pieces instead, once the graph has ended;
 * - last, the `finish_reason: "stop"` chunk with `citations` and `agr`: the verification (with
 *   the sentences it dropped), `streamed` ("draft" or "answer") and, after a draft, the verified
 *   `answer`; then the usage chunk when asked for, then `[DONE]`.
 */
export async function writeChatStream(
  sse: SSEStreamingApi,
  events: AsyncIterable<AgentStreamEvent>,
  o: ChatStreamOptions,
): Promise<void> {
  const nullUsage = o.withUsage ? { usage: null } : {};
  const send = (data: unknown) =>
    sse.writeSSE({ data: typeof data === "string" ? data : JSON.stringify(data) });
  const content = (text: string) => send(o.chunk({ content: text }, null, nullUsage));
  await send(o.chunk({ role: "assistant", content: "" }, null, nullUsage));
  let drafted = false;
  let dropped: string[] = [];
  try {
    for await (const e of events) {
      if (e.type === "draft_token") {
        drafted = true;
        await content(e.text);
      } else if (e.type === "token") {
        if (!drafted) await content(e.text);
      } else if (e.type === "result") {
        const { citations, agr, result } = o.extra(e.result);
        const last = {
          ...agr,
          verification: { ...agr.verification, dropped_sentences: dropped },
          streamed: drafted ? ("draft" as const) : ("answer" as const),
          ...(drafted ? { answer: result.answer } : {}),
        };
        await send(o.chunk({}, "stop", { ...nullUsage, citations, agr: last }));
        if (o.withUsage) await send({ ...o.chunk({}, null), choices: [], usage: o.usage(result) });
      } else {
        if (e.type === "verification") dropped = e.dropped_sentences;
        await send(o.chunk({}, null, { ...nullUsage, agr_event: e }));
      }
    }
  } catch (error) {
    o.onError();
    // OpenAI streams report a failure as an error object in the stream.
    if (!o.signal.aborted) await send(errorResponse(error).body);
  }
  await send("[DONE]");
}
