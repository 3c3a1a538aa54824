import type { FetchLike } from "../../src/llm/chat-model.js";

/** One chat request as sent: its body (messages, response_format, stream, ...). */
export type ChatBody = Record<string, unknown> & { messages?: Array<{ role: string; content: string }> };

/**
 * A fetch in front of a real OpenAI-compatible server that records every request body, and may
 * rewrite it first (tests constrain the real model's reply with llama.cpp's `grammar` or a fixed
 * JSON schema to reach a branch the tiny model would not take by itself).
 */
export function recordingFetch(rewrite?: (body: ChatBody) => ChatBody) {
  const requests: ChatBody[] = [];
  const fetch: FetchLike = async (input, init) => {
    const sent = JSON.parse(String(init?.body ?? "{}")) as ChatBody;
    const body = rewrite ? rewrite(sent) : sent;
    requests.push(body);
    const headers = new Headers(init?.headers);
    headers.delete("content-length");
    return globalThis.fetch(input, { ...init, headers, body: JSON.stringify(body) });
  };
  return { fetch, requests };
}

/** Which agent step sent a request: the JSON schema's name, or "generate" for the streamed answer. */
export function stepOf(body: ChatBody): string {
  const format = body.response_format as { json_schema?: { name?: string } } | undefined;
  return format?.json_schema?.name ?? (body.stream ? "generate" : "text");
}

/**
 * A rewrite fixing the grader's verdict: the real model still decodes it, under a JSON schema
 * of constants (llama.cpp honours `const`), so a test reaches the branch it means to check.
 */
export const fixGrade =
  (answerable: boolean) =>
  (body: ChatBody): ChatBody => {
    if (stepOf(body) !== "grade") return body;
    const schema = {
      type: "object",
      properties: {
        score: { const: 4 },
        answerable: { const: answerable },
        reasons: { type: "array", maxItems: 0 },
      },
      required: ["score", "answerable", "reasons"],
    };
    return { ...body, response_format: { type: "json_schema", json_schema: { name: "grade", schema } } };
  };
