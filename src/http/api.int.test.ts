import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AgentStreamEventSchema } from "../../agents/stream-agent.js";
import { embedderFor } from "../index/index-processors.js";
import { ErrorBodySchema } from "./http-error.js";
import { type QueryResponse, QueryResponseSchema } from "./routes/query.js";
import { parseSse, type SseEvent, startTestServer, type TestServer } from "./test-server.js";

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer({}, { samples: true });
}, 180_000);
afterAll(async () => ts?.close());

const ask = async (body: unknown): Promise<QueryResponse & { _trace: string | null }> => {
  const r = await ts.json("/v1/query", { body });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return { ...QueryResponseSchema.parse(r.body), _trace: r.headers.get("x-trace-id") };
};

const stream = async (question: string) => {
  const res = await fetch(`${ts.url}/v1/query?stream=1`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ question }),
  });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
  const events = parseSse(await res.text());
  const data = (e: SseEvent) => JSON.parse(e.data) as Record<string, unknown>;
  const result = QueryResponseSchema.parse(data(events.at(-1) as SseEvent));
  return { events, data, result, header: res.headers.get("x-trace-id") };
};

describe("health and readiness", () => {
  it("/healthz and /readyz answer 200 once the engine is open", async () => {
    expect((await ts.json("/healthz")).body).toEqual({ status: "ok" });
    const r = await ts.json("/readyz");
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      status: "ready",
      store: { backend: "embedded", documents: 4 },
      embedding: { dim: 384 },
      jobs: { queued: 0, running: 0 },
    });
  });

  it("/readyz is 503 not_ready (and queries too) while the model loads, /healthz is 200", async () => {
    let release = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const loading = await startTestServer(
      {},
      { waitReady: false, createEmbedder: async (c) => gate.then(() => embedderFor(c)) },
    );
    try {
      expect((await loading.json("/healthz")).status).toBe(200);
      for (const path of ["/readyz", "/v1/stats"]) {
        const r = await loading.json(path);
        expect(r.status).toBe(503);
        expect(ErrorBodySchema.parse(r.body).error.code).toBe("not_ready");
        expect(r.headers.get("retry-after")).toBe("2");
      }
      const q = await loading.json("/v1/query", { body: { question: "What is an object?" } });
      expect(q.status).toBe(503);
      release();
      await loading.ready;
      const r = await loading.json("/readyz");
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ status: "ready", store: { documents: 0 } });
    } finally {
      release();
      await loading.close();
    }
  }, 60_000);
});

describe("POST /v1/query and GET /v1/traces/:id", () => {
  it("answers with [S#] citations that resolve to chunks of the graph, a route and a trace", async () => {
    const r = await ask({ question: "How do I create an object with a ConstructorRef?" });
    expect(r.not_found).toBe(false);
    expect(r.answer).toMatch(/ConstructorRef/);
    expect(r.citations.length).toBeGreaterThan(0);
    for (const c of r.citations) {
      expect(r.answer).toContain(`[${c.S}]`);
      const node = await ts.json(`/v1/graph/nodes/${encodeURIComponent(c.chunk_id)}`);
      expect(node.status).toBe(200);
      expect(node.body).toMatchObject({ label: "Chunk", id: c.chunk_id });
    }
    expect(["simple", "relation", "multi_hop", "global", "temporal"]).toContain(r.route);
    expect(r.trace_id).toMatch(/^tr_[0-9a-f]{32}$/);
    expect(r._trace).toBe(r.trace_id);
    expect(r.question).toBe("How do I create an object with a ConstructorRef?");
    expect(r.rewritten_from).toBeUndefined();

    const t = await ts.json(`/v1/traces/${r.trace_id}`);
    expect(t.status).toBe(200);
    const trace = QueryResponseSchema.parse(t.body);
    expect(trace.answer).toBe(r.answer);
    expect(trace.trace.map((e) => e.step)).toEqual(expect.arrayContaining(["route", "retrieve", "grade"]));
  }, 60_000);

  it("resolves a follow-up against the history: `question` is the rewrite, `rewritten_from` the asked one", async () => {
    const r = await ask({
      question: "How do I use it?",
      history: [
        { role: "user", content: "What is a TransferRef?" },
        { role: "assistant", content: "Transfers need a special permission given by a TransferRef [S3]." },
      ],
    });
    expect(r.question).toBe("How do I use TransferRef?");
    expect(r.rewritten_from).toBe("How do I use it?");
    expect(r.not_found).toBe(false);
    expect(r.answer).toMatch(/TransferRef/);
  }, 60_000);

  it("unknown traces are 404, malformed trace ids 400", async () => {
    expect((await ts.json(`/v1/traces/tr_${"0".repeat(32)}`)).status).toBe(404);
    const bad = await ts.json("/v1/traces/nope");
    expect(bad.status).toBe(400);
    expect(ErrorBodySchema.parse(bad.body).error.code).toBe("invalid_params");
  });
});

describe("POST /v1/query?stream=1 (SSE)", () => {
  it("streams start, route, tool_call, grade, verification, tokens and the result, in order", async () => {
    const { events, data, result, header } = await stream("How do I create an object with a ConstructorRef?");
    const names = events.map((e) => e.event);
    expect(names[0]).toBe("start");
    expect(names.at(-1)).toBe("result");
    const order = ["start", "route", "tool_call", "grade", "verification", "token", "result"];
    const firsts = order.map((n) => names.indexOf(n));
    expect(firsts.every((i) => i >= 0)).toBe(true);
    expect([...firsts].sort((a, b) => a - b)).toEqual(firsts);
    expect(events.map((e) => Number(e.id))).toEqual(events.map((_, i) => i));
    // Every step event is the agent's typed event.
    for (const e of events.filter((x) => !["start", "result", "retry"].includes(x.event)))
      AgentStreamEventSchema.parse({ type: e.event, ...data(e) });
    const tokens = events.filter((e) => e.event === "token").map((e) => String(data(e).text));
    expect(tokens.join("")).toBe(result.answer);
    expect(result.answer).toMatch(/\[S\d+\]/);
    const start = data(events[0] as SseEvent);
    expect(start.trace_id).toBe(result.trace_id);
    expect(header).toBe(result.trace_id);
    expect((await ts.json(`/v1/traces/${result.trace_id}`)).status).toBe(200);
  }, 60_000);

  it("a client that hangs up mid-stream leaves the server serving", async () => {
    const abort = new AbortController();
    const res = await fetch(`${ts.url}/v1/query?stream=1`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ question: "Who painted the Mona Lisa?" }),
      signal: abort.signal,
    });
    const first = await res.body?.getReader().read();
    expect(new TextDecoder().decode(first?.value)).toMatch(/^event: start/);
    abort.abort();
    expect((await ts.json("/readyz")).status).toBe(200);
    await ask({ question: "What is a TransferRef?" });
  }, 60_000);

  it("a question the corpus cannot answer grades low: `retry` events follow the retrying grades", async () => {
    const { events, data, result } = await stream("Who painted the Mona Lisa?");
    const grades = events.filter((e) => e.event === "grade").map(data);
    const retries = events.filter((e) => e.event === "retry").map(data);
    expect(retries.length).toBeGreaterThan(0);
    expect(retries.length).toBe(grades.filter((g) => g.retry === true).length);
    for (const [i, e] of events.entries())
      if (e.event === "retry") expect(events[i - 1]?.event).toBe("grade");
    expect(retries.map((r) => r.attempt)).toEqual(retries.map((_, i) => i + 1));
    const attempts = new Set(events.filter((e) => e.event === "tool_call").map((e) => data(e).attempt));
    expect(attempts.size).toBe(retries.length + 1);
    expect(result.not_found).toBe(true);
    const tokens = events.filter((e) => e.event === "token").map((e) => String(data(e).text));
    expect(tokens.join("")).toBe(result.answer);
  }, 60_000);
});
