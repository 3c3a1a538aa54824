import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import type { ChatBody } from "../../agents/llm/recording-fetch.js";
import { parseSse } from "./test-server.js";

/** One request as the proxy forwarded it, with the model's reply text as it streamed back. */
export interface ProxiedCall {
  body: ChatBody;
  /** The response body as received from the model server (SSE text for a streamed call). */
  reply: string;
  status: number;
}

/** What to do with a request: forward it (perhaps rewritten), or fail it with this HTTP status. */
export type ProxyRule = (body: ChatBody) => ChatBody | { fail: number };

/**
 * A real HTTP server in front of a real OpenAI-compatible model server, for tests of a server
 * that calls the model itself (no fetch seam reaches inside `agr serve`): it records every chat
 * request and its reply, may rewrite a request (llama.cpp's `grammar`, a constant JSON schema)
 * or fail it, and streams each reply through chunk by chunk, so streaming stays real.
 */
export async function startRecordingProxy(upstream: string, rule: () => ProxyRule = () => (b) => b) {
  const calls: ProxiedCall[] = [];
  const base = upstream.replace(/\/v1\/?$/, "");
  const server = createServer(async (req, res) => {
    const sent = JSON.parse((await readBody(req)) || "{}") as ChatBody;
    const decided = rule()(sent);
    const fail = decided.fail;
    if (typeof fail === "number") {
      calls.push({ body: sent, reply: "", status: fail });
      res.writeHead(fail, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { message: "failed by the test proxy", type: "server_error" } }));
      return;
    }
    const call: ProxiedCall = { body: decided, reply: "", status: 0 };
    calls.push(call);
    try {
      const up = await fetch(`${base}${req.url ?? ""}`, {
        method: req.method ?? "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(decided),
      });
      call.status = up.status;
      res.writeHead(up.status, { "content-type": up.headers.get("content-type") ?? "application/json" });
      const decoder = new TextDecoder();
      for await (const piece of up.body ?? []) {
        call.reply += decoder.decode(piece, { stream: true });
        res.write(piece);
      }
      res.end();
    } catch (error) {
      res.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    calls,
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}

async function readBody(req: IncomingMessage): Promise<string> {
  let text = "";
  for await (const piece of req) text += String(piece);
  return text;
}

/** The text a streamed chat reply carried: its deltas' content, joined. */
export function streamedText(reply: string): string {
  let text = "";
  for (const { data } of parseSse(reply)) {
    if (data === "[DONE]") continue;
    const parsed = JSON.parse(data) as { choices?: Array<{ delta?: { content?: string | null } }> };
    text += parsed.choices?.[0]?.delta?.content ?? "";
  }
  return text;
}
