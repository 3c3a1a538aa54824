import type { FetchLike } from "./chat-model.js";

/** What a fake reply is: a status (an error when not 200), the content and the finish reason. */
export interface FakeReply {
  status?: number;
  content: string;
  finish?: string;
}

export interface ChatRequestMessage {
  role: string;
  content: string;
}

/**
 * Answers the OpenAI client's HTTP calls like a chat-completions server would (plain JSON, or
 * SSE when the request streams), and records each request: unit tests read the prompts sent.
 */
export function fakeChatServer(answer: (body: Record<string, unknown>) => FakeReply) {
  const requests: Array<Record<string, unknown>> = [];
  const usage = { prompt_tokens: 111, completion_tokens: 22, total_tokens: 133 };
  const fetch: FetchLike = async (_url, init) => {
    const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
    requests.push(body);
    const a = answer(body);
    if (a.status && a.status !== 200) {
      return new Response(JSON.stringify({ error: { message: a.content, type: "insufficient_quota" } }), {
        status: a.status,
        headers: { "content-type": "application/json" },
      });
    }
    const base = { id: "chatcmpl-1", created: 1, model: "fake" };
    if (body.stream) {
      const events = [
        ...a.content.split(/(?<=\s)/u).map((piece, i, all) => ({
          ...base,
          object: "chat.completion.chunk",
          choices: [
            {
              index: 0,
              delta: { content: piece },
              finish_reason: i === all.length - 1 ? (a.finish ?? "stop") : null,
            },
          ],
        })),
        { ...base, object: "chat.completion.chunk", choices: [], usage },
      ];
      const sse = `${events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join("")}data: [DONE]\n\n`;
      return new Response(sse, { status: 200, headers: { "content-type": "text/event-stream" } });
    }
    return new Response(
      JSON.stringify({
        ...base,
        object: "chat.completion",
        choices: [
          { index: 0, finish_reason: a.finish ?? "stop", message: { role: "assistant", content: a.content } },
        ],
        usage,
      }),
      { status: 200, headers: { "content-type": "application/json" } },
    );
  };
  /** The messages of the n-th request. */
  const messages = (n: number): ChatRequestMessage[] =>
    (requests[n]?.messages as ChatRequestMessage[] | undefined) ?? [];
  return { fetch, requests, messages };
}
