import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AnswerCitationSchema } from "../../agents/schemas.js";
import { AgrExtraSchema, ChatChunkSchema, ChatCompletionSchema } from "./routes/chat-schemas.js";
import { parseSse, startTestServer, type TestServer } from "./test-server.js";

let ts: TestServer;
let client: OpenAI;
beforeAll(async () => {
  ts = await startTestServer({}, { samples: true });
  client = new OpenAI({ baseURL: `${ts.url}/v1`, apiKey: "x", maxRetries: 0 });
}, 180_000);
afterAll(async () => ts?.close());

const QUESTION = "How do I create an object with a ConstructorRef?";
const user = (content: string) => ({ role: "user" as const, content });

/** The extra fields the official client passes through untouched. */
const extras = (o: object) => o as { citations?: unknown; agr?: unknown };

describe("OpenAI-compatible API through the official openai client", () => {
  it("models.list: one model per answering mode", async () => {
    const ids = [];
    for await (const m of client.models.list()) ids.push(m.id);
    expect(ids).toEqual(["agent", "vector", "hybrid", "graph", "vector_cypher"]);
  });

  it("chat.completions.create: a cited answer, citations and agr extras, usage, finish_reason stop", async () => {
    const c = await client.chat.completions.create({ model: "agent", messages: [user(QUESTION)] });
    ChatCompletionSchema.parse(c);
    expect(c.object).toBe("chat.completion");
    expect(c.model).toBe("agent");
    const choice = c.choices[0];
    expect(choice?.finish_reason).toBe("stop");
    expect(choice?.message.role).toBe("assistant");
    const content = choice?.message.content ?? "";
    expect(content).toMatch(/ConstructorRef.*\[S\d+\]/);
    const citations = AnswerCitationSchema.array().parse(extras(c).citations);
    expect(citations.length).toBeGreaterThan(0);
    for (const cit of citations) expect(content).toContain(`[${cit.S}]`);
    const agr = AgrExtraSchema.parse(extras(c).agr);
    expect(agr.not_found).toBe(false);
    expect(agr.question).toBe(QUESTION);
    const trace = await ts.json(`/v1/traces/${agr.trace_id}`);
    expect(trace.body).toMatchObject({ answer: content, trace_id: agr.trace_id });
    expect(c.usage?.total_tokens).toBe((c.usage?.prompt_tokens ?? 0) + (c.usage?.completion_tokens ?? 0));
    expect(c.usage?.prompt_tokens).toBeGreaterThanOrEqual(0);
  }, 60_000);

  it("stream: the first delta is the assistant role, the deltas add up to the non-stream answer", async () => {
    const whole = await client.chat.completions.create({ model: "agent", messages: [user(QUESTION)] });
    const s = await client.chat.completions.create({
      model: "agent",
      messages: [user(QUESTION)],
      stream: true,
    });
    const chunks = [];
    for await (const ch of s) chunks.push(ChatChunkSchema.parse(ch));
    expect(chunks[0]?.choices[0]?.delta.role).toBe("assistant");
    const text = chunks.map((ch) => ch.choices[0]?.delta.content ?? "").join("");
    expect(text).toBe(whole.choices[0]?.message.content);
    const last = chunks.at(-1);
    expect(last?.choices[0]?.finish_reason).toBe("stop");
    expect(last?.citations).toEqual(extras(whole).citations);
    expect(chunks.slice(0, -1).every((ch) => ch.choices[0]?.finish_reason === null)).toBe(true);
    expect(new Set(chunks.map((ch) => ch.id)).size).toBe(1);
  }, 60_000);

  it("stream with include_usage: a final chunk with no choices carries the usage", async () => {
    const s = await client.chat.completions.create({
      model: "hybrid",
      messages: [user(QUESTION)],
      stream: true,
      stream_options: { include_usage: true },
    });
    const chunks = [];
    for await (const ch of s) chunks.push(ch);
    const last = chunks.at(-1);
    expect(last?.choices).toEqual([]);
    expect(last?.usage?.total_tokens).toBeGreaterThanOrEqual(0);
    expect(chunks.slice(0, -1).every((ch) => ch.usage === null)).toBe(true);
    expect(chunks.at(-2)?.choices[0]?.finish_reason).toBe("stop");
  }, 60_000);

  it("the raw stream is OpenAI's SSE format and ends with data: [DONE]", async () => {
    const res = await fetch(`${ts.url}/v1/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ model: "agent", stream: true, messages: [user(QUESTION)] }),
    });
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const raw = await res.text();
    expect(raw.endsWith("data: [DONE]\n\n")).toBe(true);
    const events = parseSse(raw);
    expect(events.every((e) => e.event === "message")).toBe(true);
    expect(events.at(-1)?.data).toBe("[DONE]");
    for (const e of events.slice(0, -1)) ChatChunkSchema.parse(JSON.parse(e.data));
  }, 60_000);

  it("a follow-up turn is resolved against the conversation (agr.rewritten_from)", async () => {
    const c = await client.chat.completions.create({
      model: "agent",
      messages: [
        { role: "system", content: "Answer from the Aptos docs." },
        user(QUESTION),
        { role: "assistant", content: "You receive a ConstructorRef when you create the object [S2]." },
        user("What about a DeleteRef?"),
      ],
    });
    const agr = AgrExtraSchema.parse(extras(c).agr);
    expect(agr.rewritten_from).toBe("What about a DeleteRef?");
    expect(agr.question).toBe("How do I create an object with a DeleteRef?");
    expect(agr.not_found).toBe(false);
    expect(c.choices[0]?.message.content).toMatch(/DeleteRef.*\[S\d+\]/);
  }, 60_000);

  it("every listed model answers, and text content parts are read like a string", async () => {
    for (const model of ["agent", "vector", "hybrid", "graph", "vector_cypher"]) {
      const c = await client.chat.completions.create({
        model,
        messages: [{ role: "user", content: [{ type: "text", text: QUESTION }] }],
      });
      expect(c.model).toBe(model);
      expect(c.choices[0]?.message.content, model).toMatch(/\[S\d+\]/);
    }
  }, 60_000);

  it("an unknown model is OpenAI.NotFoundError", async () => {
    const err = await client.chat.completions
      .create({ model: "gpt-4o", messages: [user(QUESTION)] })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OpenAI.NotFoundError);
    expect((err as InstanceType<typeof OpenAI.NotFoundError>).status).toBe(404);
  });
});

describe("OpenAI client against a server with API keys", () => {
  let secured: TestServer;
  beforeAll(async () => {
    secured = await startTestServer({ httpApiKeys: ["k1"] });
  }, 120_000);
  afterAll(async () => secured?.close());

  it("a wrong key is OpenAI.AuthenticationError, the right key works", async () => {
    const wrong = new OpenAI({ baseURL: `${secured.url}/v1`, apiKey: "k2", maxRetries: 0 });
    await expect(wrong.models.list()).rejects.toBeInstanceOf(OpenAI.AuthenticationError);
    await expect(
      wrong.chat.completions.create({ model: "agent", messages: [user(QUESTION)] }),
    ).rejects.toBeInstanceOf(OpenAI.AuthenticationError);
    const right = new OpenAI({ baseURL: `${secured.url}/v1`, apiKey: "k1", maxRetries: 0 });
    const ids = [];
    for await (const m of right.models.list()) ids.push(m.id);
    expect(ids).toContain("agent");
    const c = await right.chat.completions.create({ model: "agent", messages: [user(QUESTION)] });
    expect(c.choices[0]?.finish_reason).toBe("stop");
    const agr = AgrExtraSchema.parse(extras(c).agr);
    expect(agr.not_found).toBe(true); // its store is empty
    expect(agr.not_found_reason).toMatch(/\w/);
  }, 60_000);
});
