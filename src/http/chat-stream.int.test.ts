import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ChatChunk, ChatChunkSchema, ChatCompletionSchema } from "./routes/chat-schemas.js";
import { QueryResponseSchema } from "./routes/query.js";
import { startTestServer, type TestServer } from "./test-server.js";

// Offline (no LLM): the agent's steps stream as `agr_event` chunks, the answer follows; follow-ups
// are rewritten by the rules, and the response and the trace say which rule.
let ts: TestServer;
let client: OpenAI;
beforeAll(async () => {
  ts = await startTestServer({}, { samples: true });
  client = new OpenAI({ baseURL: `${ts.url}/v1`, apiKey: "x", maxRetries: 0 });
}, 180_000);
afterAll(async () => ts?.close());

const QUESTION = "How do I create an object with a ConstructorRef?";
const trace = async (chatId: string) =>
  QueryResponseSchema.parse((await ts.json(`/v1/traces/${chatId.replace("chatcmpl-", "tr_")}`)).body);

describe("offline streaming over /v1/chat/completions", () => {
  it("route, tool calls, grade and verification go out as agr_event chunks before the answer, which follows verified", async () => {
    const whole = await client.chat.completions.create({
      model: "agent",
      messages: [{ role: "user", content: QUESTION }],
    });
    const stream = await client.chat.completions.create({
      model: "agent",
      messages: [{ role: "user", content: QUESTION }],
      stream: true,
    });
    const chunks: ChatChunk[] = [];
    for await (const ch of stream) chunks.push(ChatChunkSchema.parse(ch));
    const events = chunks.flatMap((c, i) => (c.agr_event ? [{ i, type: c.agr_event.type }] : []));
    const content = chunks.flatMap((c, i) => (c.choices[0]?.delta.content ? [i] : []));
    expect(events[0]?.type).toBe("route");
    expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(["tool_call", "grade", "verification"]));
    expect(events.at(-1)?.type).toBe("verification");
    expect(events.every((e) => e.i < (content[0] ?? -1))).toBe(true);
    // Event chunks add nothing to the text an OpenAI client assembles.
    for (const e of events) expect(chunks[e.i]?.choices[0]).toMatchObject({ delta: {}, finish_reason: null });
    const text = content.map((i) => chunks[i]?.choices[0]?.delta.content).join("");
    expect(text).toBe(whole.choices[0]?.message.content);
    const last = chunks.at(-1);
    expect(last?.agr).toMatchObject({ streamed: "answer", verification: { dropped_sentences: [] } });
    expect(last?.agr?.answer).toBeUndefined();
  }, 60_000);
});

describe("offline follow-ups over /v1/chat/completions: the rule rewrite is visible", () => {
  const conversation = (followUp: string) => [
    { role: "user" as const, content: QUESTION },
    { role: "assistant" as const, content: "Call object::create_object to get a ConstructorRef [S1]." },
    { role: "user" as const, content: followUp },
  ];

  it("'what about its fees?' leans on the previous subject: agr and the trace name the rule, no LLM tokens", async () => {
    const c = ChatCompletionSchema.parse(
      await client.chat.completions.create({
        model: "agent",
        messages: conversation("what about its fees?"),
      }),
    );
    expect(c.agr).toMatchObject({
      question: "what about ConstructorRef's fees?",
      rewritten_from: "what about its fees?",
      rewritten_by: "pronoun",
    });
    const t = await trace(c.id);
    expect(t.trace[0]).toMatchObject({
      step: "follow_up",
      detail: {
        rule: "pronoun",
        original: "what about its fees?",
        question: "what about ConstructorRef's fees?",
      },
    });
    expect(t.trace[0]?.detail.llm).toBeUndefined();
    expect(t.tokens).toEqual({ prompt: 0, completion: 0 });
  }, 60_000);

  it("streamed: a new subject's rewrite is in the last chunk; a first question has no follow_up step", async () => {
    const stream = await client.chat.completions.create({
      model: "agent",
      messages: conversation("and for a DeleteRef?"),
      stream: true,
    });
    const chunks: ChatChunk[] = [];
    for await (const ch of stream) chunks.push(ChatChunkSchema.parse(ch));
    expect(chunks.at(-1)?.agr).toMatchObject({
      question: "How do I create an object with a DeleteRef?",
      rewritten_by: "new_subject",
    });
    const first = await client.chat.completions.create({
      model: "agent",
      messages: [{ role: "user", content: QUESTION }],
    });
    expect((await trace(first.id)).trace.map((e) => e.step)).not.toContain("follow_up");
  }, 60_000);

  it("POST /v1/query with history: rewritten_by beside rewritten_from", async () => {
    const r = await ts.json("/v1/query", {
      body: { question: "what about its fees?", history: conversation("x").slice(0, 2) },
    });
    expect(QueryResponseSchema.parse(r.body)).toMatchObject({
      question: "what about ConstructorRef's fees?",
      rewritten_from: "what about its fees?",
      rewritten_by: "pronoun",
    });
  }, 60_000);
});
