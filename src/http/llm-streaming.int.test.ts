import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ChatBody, fixGrade, stepOf } from "../../agents/llm/recording-fetch.js";
import { startLlmServer } from "../llm/test-llm-server.js";
import { type ProxyRule, startRecordingProxy, streamedText } from "./recording-llm-proxy.js";
import { type ChatChunk, ChatChunkSchema } from "./routes/chat-schemas.js";
import { QueryResponseSchema } from "./routes/query.js";
import { parseSse, SAMPLES, startTestServer, type TestServer } from "./test-server.js";

// `agr serve` with AGR_LLM=openai against the REAL local model server (llama.cpp + SmolLM2-135M),
// through a recording proxy on real sockets. The proxy pins the tiny model's judgements (route,
// grade, the verifier's rewrite) with constant JSON schemas and its answer with a llama.cpp
// grammar, so the branches under test are reached; every token is still decoded by the model.
const QUESTION = "How do I create an object with a ConstructorRef?";
/** A sentence no passage states: the verifier must drop it (its rewrite is pinned to ""). */
const INVENTED = "The same page lists a fee of 98765 dollars for the year 1999 [S1].";
/**
 * The LLM's rewrite. The rules' rewrite of the same follow-up (the last test) is the same words
 * with a small "w": the two retrieve the same passages (the search and the embedder ignore case), so
 * the last test's grader and generator prompts differ from this one's only in the question at their
 * end and the model server's prompt cache spares their prompt processing. Every assertion still
 * tells the two rewrites apart: they are compared as exact strings.
 */
const REWRITTEN = "What about ConstructorRef's fees?";
let followUp: "rewrite" | "fail" = "rewrite";

const pinned = (name: string, properties: Record<string, unknown>) => ({
  type: "json_schema",
  json_schema: { name, schema: { type: "object", properties, required: Object.keys(properties) } },
});

/** The generator's forced reply: the first sentence of passage S1, verbatim and cited, then INVENTED. */
function forcedAnswer(body: ChatBody): string {
  const user = body.messages?.find((m) => m.role === "user")?.content ?? "";
  const s1 = /<passage id="S1"[^>]*>\n([\s\S]*?)\n<\/passage>/.exec(user)?.[1] ?? "";
  const first = (s1.split(/(?<=[.!?])\s/)[0] ?? "").slice(0, 240).replace(/["\\[\]<>`*#|]/g, " ");
  return `${first
    .replace(/[\s.!?:;,]+$/, "")
    .replace(/\s+/g, " ")
    .trim()} [S1]. ${INVENTED}`;
}

const rule: ProxyRule = (body) => {
  switch (stepOf(body)) {
    case "route":
      return {
        ...body,
        response_format: pinned("route", {
          route: { const: "simple" },
          question_type: { const: "how_to" },
          confidence: { const: 0.9 },
          reasons: { type: "array", maxItems: 0 },
        }),
      };
    case "grade":
      return fixGrade(true)(body);
    case "revise":
      return { ...body, response_format: pinned("revise", { sentence: { const: "" } }) };
    case "follow_up":
      return followUp === "fail"
        ? { fail: 500 }
        : { ...body, response_format: pinned("follow_up", { question: { const: REWRITTEN } }) };
    case "generate":
      return { ...body, grammar: `root ::= "${forcedAnswer(body)}"` };
    default:
      return body;
  }
};

let llm: Awaited<ReturnType<typeof startLlmServer>> | undefined;
let proxy: Awaited<ReturnType<typeof startRecordingProxy>> | undefined;
let ts: TestServer;
let client: OpenAI;

/**
 * A store of one sample page's introduction and its section on the ConstructorRef: three passages,
 * so the grader's and generator's prompts (the model reads ~100 tokens/s) are ~450 tokens instead
 * of the ~1,300 that all of samples/markdown filled (8 passages of 600 characters). Streaming,
 * verification and the rewriter do not depend on how much evidence there is.
 */
async function offlineStore(): Promise<TestServer> {
  const ts = await startTestServer();
  const page = readFileSync(
    join(SAMPLES, "markdown/aptos-docs/smart-contracts/object/creating-objects.mdx"),
    "utf8",
  );
  // Its introduction and the section on the ConstructorRef, without the code examples between them.
  const [intro = -1, features = -1, subsection = -1] = [
    "\n## Creating an Object",
    "\n## Customizing",
    "\n### ",
  ].map((h) => page.indexOf(h));
  if (!(0 < intro && intro < features && features < subsection))
    throw new Error("the sample page changed its sections");
  const root = ts.config.httpIngestRoots[0] ?? "";
  writeFileSync(
    join(root, "creating-objects.mdx"),
    page.slice(0, intro + 1) + page.slice(features, subsection + 1),
  );
  const res = await ts.json("/v1/documents", { body: { paths: [root] } });
  if (res.status !== 202) throw new Error(`ingest refused: ${JSON.stringify(res.body)}`);
  await ts.ctx.engine().jobs.idle();
  return ts;
}

beforeAll(async () => {
  // The store is built offline (ingesting through the tiny model would take minutes), then served with the LLM.
  const [offline, server] = await Promise.all([offlineStore(), startLlmServer()]);
  llm = server;
  await offline.close();
  proxy = await startRecordingProxy(server.baseUrl, () => rule);
  ts = await startTestServer({
    storePath: offline.config.storePath,
    llm: "openai",
    llmBaseUrl: proxy.baseUrl,
    llmModel: "smollm2-135m",
    llmMaxRetries: 0,
  });
  client = new OpenAI({ baseURL: `${ts.url}/v1`, apiKey: "x", maxRetries: 0 });
}, 600_000);

afterAll(async () => {
  await ts?.close();
  await proxy?.close();
  llm?.stop();
});

const generateEnd = async (traceId: string): Promise<number> => {
  const trace = QueryResponseSchema.parse((await ts.json(`/v1/traces/${traceId}`)).body);
  const at = trace.trace.find((e) => e.step === "generate")?.at_ms;
  if (at === undefined) throw new Error("no generate step in the trace");
  return at;
};

describe("real streaming with the local LLM server", { timeout: 300_000 }, () => {
  it("/v1/chat/completions: the model's tokens arrive while it generates, steps as they end, verification last", async () => {
    const calls = proxy?.calls.length ?? 0;
    const t0 = Date.now();
    const stream = await client.chat.completions.create({
      model: "agent",
      messages: [{ role: "user", content: QUESTION }],
      stream: true,
    });
    const got: Array<{ at: number; chunk: ChatChunk }> = [];
    for await (const ch of stream) got.push({ at: Date.now() - t0, chunk: ChatChunkSchema.parse(ch) });

    const at = (i: number) => got[i]?.at ?? Number.NaN;
    const content = got.flatMap((g, i) => (g.chunk.choices[0]?.delta.content ? [i] : []));
    const events = got.flatMap((g, i) => (g.chunk.agr_event ? [{ i, type: g.chunk.agr_event.type }] : []));
    const last = got.at(-1)?.chunk;
    const generate = proxy?.calls.slice(calls).find((c) => stepOf(c.body) === "generate");
    const text = content.map((i) => got[i]?.chunk.choices[0]?.delta.content).join("");
    // The content is the model's own stream, in many pieces.
    expect(text).toBe(streamedText(generate?.reply ?? ""));
    expect(text).toContain(INVENTED);
    expect(content.length).toBeGreaterThan(10);
    // Steps as they end: route, tool calls, grade before the first token; verification after the last.
    expect(events[0]?.type).toBe("route");
    expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(["tool_call", "grade"]));
    const verification = events.find((e) => e.type === "verification");
    const firstToken = content[0] ?? -1;
    expect(events.filter((e) => e.type !== "verification").every((e) => e.i < firstToken)).toBe(true);
    expect(verification?.i).toBeGreaterThan(content.at(-1) ?? Number.POSITIVE_INFINITY);
    // The last chunk: the verification with the dropped sentence, the verified answer.
    expect(last?.choices[0]?.finish_reason).toBe("stop");
    expect(last?.agr?.streamed).toBe("draft");
    expect(last?.agr?.verification.dropped_sentences?.some((s) => s.includes("98765"))).toBe(true);
    expect(last?.agr?.verification.dropped).toBeGreaterThan(0);
    expect(last?.agr?.answer).not.toContain("98765");
    // Real time: the first token reached the client before the generator had even finished
    // (the server's clock starts after t0), so long before the graph's end; tokens spread out.
    const traceId = last?.agr?.trace_id ?? "";
    expect((await ts.json(`/v1/traces/${traceId}`)).body).toMatchObject({ answer: last?.agr?.answer });
    expect(at(firstToken)).toBeLessThan(await generateEnd(traceId));
    expect(at(firstToken)).toBeLessThan(at(verification?.i ?? -1));
    expect(at(content.at(-1) ?? -1) - at(firstToken)).toBeGreaterThan(100);
    console.log(
      `chat stream: first token ${at(firstToken)} ms, generate ended ${await generateEnd(traceId)} ms, ` +
        `verification ${at(verification?.i ?? -1)} ms, last chunk ${at(got.length - 1)} ms, ${content.length} content chunks`,
    );
  });

  it("POST /v1/query?stream=1: draft_token events while the model generates, then verification, token, result", async () => {
    const t0 = Date.now();
    const res = await fetch(`${ts.url}/v1/query?stream=1`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ question: QUESTION }),
    });
    const got: Array<{ at: number; event: string; data: string }> = [];
    let buffered = "";
    const decoder = new TextDecoder();
    for await (const piece of res.body ?? []) {
      buffered += decoder.decode(piece, { stream: true });
      const end = buffered.lastIndexOf("\n\n");
      if (end < 0) continue;
      for (const e of parseSse(buffered.slice(0, end))) got.push({ at: Date.now() - t0, ...e });
      buffered = buffered.slice(end + 2);
    }
    const kinds = got.map((e) => e.event);
    const drafts = kinds.flatMap((k, i) => (k === "draft_token" ? [i] : []));
    const verification = kinds.indexOf("verification");
    expect(drafts.length).toBeGreaterThan(10);
    expect(kinds.indexOf("route")).toBeLessThan(drafts[0] ?? -1);
    expect(verification).toBeGreaterThan(drafts.at(-1) ?? Number.POSITIVE_INFINITY);
    expect(kinds.at(-1)).toBe("result");
    const v = JSON.parse(got[verification]?.data ?? "{}") as { dropped_sentences?: string[] };
    expect(v.dropped_sentences?.some((s) => s.includes("98765"))).toBe(true);
    const result = QueryResponseSchema.parse(JSON.parse(got.at(-1)?.data ?? "{}"));
    const tokens = got
      .filter((e) => e.event === "token")
      .map((e) => (JSON.parse(e.data) as { text: string }).text);
    expect(tokens.join("")).toBe(result.answer);
    const firstDraft = got[drafts[0] ?? -1]?.at ?? Number.NaN;
    expect(firstDraft).toBeLessThan(await generateEnd(result.trace_id));
    expect(firstDraft).toBeLessThan(got[verification]?.at ?? Number.NaN);
  });
});

describe("follow-ups through the LLM rewriter over /v1/chat/completions", { timeout: 300_000 }, () => {
  const conversation = [
    { role: "user" as const, content: QUESTION },
    { role: "assistant" as const, content: "Call object::create_object to get a ConstructorRef [S1]." },
    { role: "user" as const, content: "what about its fees?" },
  ];

  it("the LLM rewriter is called with the history and its rewrite is what the agent answers", async () => {
    followUp = "rewrite";
    const calls = proxy?.calls.length ?? 0;
    const c = await client.chat.completions.create({ model: "agent", messages: conversation });
    const sent = proxy?.calls.slice(calls) ?? [];
    const rewriter = sent.find((s) => stepOf(s.body) === "follow_up");
    const prompt = rewriter?.body.messages?.map((m) => m.content).join("\n") ?? "";
    expect(prompt).toContain(QUESTION);
    expect(prompt).toContain("Last question: what about its fees?");
    const agr = (
      c as unknown as { agr: { question: string; rewritten_by?: string; rewritten_from?: string } }
    ).agr;
    expect(agr).toMatchObject({
      question: REWRITTEN,
      rewritten_by: "llm",
      rewritten_from: "what about its fees?",
    });
    // The agent's next model call (the router) reads the rewrite, not the follow-up.
    const router = sent.find((s) => stepOf(s.body) === "route");
    expect(router?.body.messages?.map((m) => m.content).join("\n")).toContain(REWRITTEN);
    const trace = QueryResponseSchema.parse(
      (await ts.json(`/v1/traces/${c.id.replace("chatcmpl-", "tr_")}`)).body,
    );
    expect(trace.trace[0]).toMatchObject({ step: "follow_up", detail: { rule: "llm", question: REWRITTEN } });
    expect(trace.trace[0]?.detail.llm_tokens).toBeGreaterThan(0);
  });

  it("a failing rewriter falls back to the rules, and the trace says so", async () => {
    followUp = "fail";
    const calls = proxy?.calls.length ?? 0;
    const c = await client.chat.completions.create({ model: "agent", messages: conversation });
    expect(proxy?.calls.slice(calls).find((s) => stepOf(s.body) === "follow_up")?.status).toBe(500);
    const agr = (c as unknown as { agr: { question: string; rewritten_by?: string } }).agr;
    expect(agr).toMatchObject({ question: "what about ConstructorRef's fees?", rewritten_by: "pronoun" });
    const trace = QueryResponseSchema.parse(
      (await ts.json(`/v1/traces/${c.id.replace("chatcmpl-", "tr_")}`)).body,
    );
    expect(trace.trace[0]?.step).toBe("follow_up");
    expect(String(trace.trace[0]?.detail.llm)).toMatch(
      /llm follow_up: LLM call failed.*fell back to the rule-based follow-up resolver/,
    );
  });
});
