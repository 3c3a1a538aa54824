import { z } from "zod";
import { QUESTIONS } from "./questions.js";

export const ENDPOINTS = ["chat", "chat_stream", "retrieve"] as const;
export type Endpoint = (typeof ENDPOINTS)[number];

/** One request as a client saw it. */
export interface Sample {
  endpoint: Endpoint;
  /** Start, ms since the load began. */
  at: number;
  ms: number;
  ok: boolean;
  /** HTTP status, 0 for a network error. */
  status: number;
  error?: string;
  /** What the server was doing then (before / ingesting / down / after): set by the caller. */
  phase: string;
  /** chat_stream: ms from the request to the first chunk carrying answer text (time to first token). */
  ttft_ms?: number;
}

export interface LoadOptions {
  /** Read before each request: a restarted server keeps its URL, but callers may move it. */
  url: () => string;
  clients: number;
  durationMs: number;
  /** Every k-th chat request streams (1 = all, 0 = none). */
  streamEvery: number;
  model: string;
  phase: () => string;
  /** Per-request timeout. */
  timeoutMs: number;
  /** Past the deadline, clients go on while this says so (the kill test runs until its job resumed). */
  keepGoing?: () => boolean;
}

const CompletionSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string() }) })).min(1),
});
const BundleSchema = z.object({ query: z.string(), evidence: z.array(z.unknown()) });

/** Runs `clients` loops until the deadline, each alternating retrieve and chat; returns every sample. */
export async function runLoad(options: LoadOptions): Promise<Sample[]> {
  const samples: Sample[] = [];
  const t0 = performance.now();
  const deadline = t0 + options.durationMs;
  const client = async (n: number) => {
    for (let i = 0; performance.now() < deadline || options.keepGoing?.(); i++) {
      const question = QUESTIONS[(n * 7 + i) % QUESTIONS.length] as string;
      const chatNo = Math.floor(i / 2);
      const endpoint: Endpoint =
        i % 2 === 0
          ? "retrieve"
          : options.streamEvery > 0 && (chatNo + n) % options.streamEvery === 0
            ? "chat_stream"
            : "chat";
      const phase = options.phase();
      const start = performance.now();
      const r = await request(options, endpoint, question);
      samples.push({ endpoint, at: start - t0, ms: performance.now() - start, phase, ...r });
      // A refused connection fails in microseconds: do not spin while the server is down.
      if (r.status === 0) await new Promise((done) => setTimeout(done, 100));
    }
  };
  await Promise.all(Array.from({ length: options.clients }, (_, n) => client(n)));
  return samples;
}

async function request(
  options: LoadOptions,
  endpoint: Endpoint,
  question: string,
): Promise<{ ok: boolean; status: number; error?: string; ttft_ms?: number }> {
  const body =
    endpoint === "retrieve"
      ? { question }
      : {
          model: options.model,
          messages: [{ role: "user", content: question }],
          stream: endpoint === "chat_stream",
        };
  const path = endpoint === "retrieve" ? "/v1/retrieve" : "/v1/chat/completions";
  let status = 0;
  const start = performance.now();
  try {
    const res = await fetch(`${options.url()}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    status = res.status;
    if (res.ok && endpoint === "chat_stream") {
      const { text, ttft_ms } = await readStream(res, start);
      // OpenAI's stream ends with this exact event; anything else is a broken stream.
      if (!text.trimEnd().endsWith("data: [DONE]"))
        return { ok: false, status, error: `stream did not end with [DONE]: …${text.slice(-120)}` };
      return { ok: true, status, ...(ttft_ms === undefined ? {} : { ttft_ms }) };
    }
    const text = await res.text();
    if (!res.ok) return { ok: false, status, error: `${status} ${text.slice(0, 200)}` };
    const parsed = (endpoint === "retrieve" ? BundleSchema : CompletionSchema).safeParse(JSON.parse(text));
    if (!parsed.success) return { ok: false, status, error: `bad body: ${text.slice(0, 200)}` };
    return { ok: true, status };
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : "";
    return { ok: false, status, error: `${error instanceof Error ? error.message : String(error)}${cause}` };
  }
}

const ChunkSchema = z.object({
  choices: z.array(z.object({ delta: z.object({ content: z.string().nullish() }).optional() })).optional(),
});

/** A chat stream as it arrives: its whole text, and when the first chunk with answer text came. */
async function readStream(res: Response, start: number): Promise<{ text: string; ttft_ms?: number }> {
  let text = "";
  let ttft_ms: number | undefined;
  let scanned = 0;
  const decoder = new TextDecoder();
  for await (const piece of res.body ?? []) {
    text += decoder.decode(piece, { stream: true });
    if (ttft_ms !== undefined) continue;
    const end = text.lastIndexOf("\n");
    for (const line of text.slice(scanned, end + 1).split("\n")) {
      const data = /^data: (\{.*)$/.exec(line.trim())?.[1];
      const parsed = data ? ChunkSchema.safeParse(JSON.parse(data)) : undefined;
      if (parsed?.success && parsed.data.choices?.[0]?.delta?.content) {
        ttft_ms = performance.now() - start;
        break;
      }
    }
    scanned = Math.max(scanned, end + 1);
  }
  return { text, ...(ttft_ms === undefined ? {} : { ttft_ms }) };
}
