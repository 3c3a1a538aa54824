import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { parsePrometheus } from "./prometheus-text.js";
import { QueryResponseSchema } from "./routes/query.js";
import { ServerStatsSchema } from "./routes/stats.js";
import { parseSse, startTestServer, type TestServer } from "./test-server.js";

/**
 * Operations acceptance: a real server over the sample docs (hashing embedder, so it stays fast),
 * 100 scripted questions over /v1/query (plain and streamed), /v1/chat/completions and
 * /v1/retrieve with repeats, then /metrics must parse as Prometheus text and agree with /v1/stats.
 */
const QUESTIONS = [
  "How do I create an object with a ConstructorRef?",
  "How do I use an object in Move entry functions?",
  "What is a DeleteRef?",
  "How can an object be transferred?",
  "What are smart contracts on Aptos?",
  "What is the capital of Mongolia?",
  "Who wrote the Move language in 1998?",
];
const RETRIEVE_MODES = ["bm25", "hybrid", "ppr", "graph"] as const;

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer({ embedder: "fallback", httpRateLimit: 0 }, { samples: true });
}, 180_000);
afterAll(async () => ts?.close());

const traces: string[] = [];

async function one(i: number): Promise<void> {
  const question = QUESTIONS[i % QUESTIONS.length] ?? "";
  const kind = i % 5;
  if (kind === 0 || kind === 1) {
    const r = await ts.json("/v1/query", { body: { question, ...(i % 10 === 1 ? { mode: "hybrid" } : {}) } });
    expect(r.status).toBe(200);
    traces.push(QueryResponseSchema.parse(r.body).trace_id);
  } else if (kind === 2) {
    const res = await fetch(`${ts.url}/v1/query?stream=1`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ question }),
    });
    expect(parseSse(await res.text()).at(-1)?.event).toBe("result");
  } else if (kind === 3) {
    const r = await ts.json("/v1/chat/completions", {
      body: { model: "agent", stream: i % 2 === 0, messages: [{ role: "user", content: question }] },
    });
    expect(r.status).toBe(200);
  } else {
    // 20 calls over 8 (question, mode) pairs: the repeats must hit the cache.
    const mode = RETRIEVE_MODES[Math.floor(i / 5) % RETRIEVE_MODES.length];
    const r = await ts.json("/v1/retrieve", { body: { question: QUESTIONS[Math.floor(i / 20) % 2], mode } });
    expect(r.status).toBe(200);
  }
}

describe("operations: caches, query monitor, feedback, /metrics", () => {
  it("100 scripted questions: /metrics parses, per-route counts sum to 100, caches hit, /v1/stats agrees", async () => {
    for (let i = 0; i < 100; i++) await one(i);

    const res = await fetch(`${ts.url}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
    const text = await res.text();
    for (const line of text.trim().split("\n"))
      expect(line).toMatch(/^(# (HELP|TYPE) \w+ .+|[a-zA-Z_:][\w:]*(\{[^}]*\})? \S+)$/);
    const { samples, types } = parsePrometheus(text);
    const sum = (name: string, where: (l: Record<string, string>) => boolean = () => true) =>
      samples.filter((s) => s.name === name && where(s.labels)).reduce((a, s) => a + s.value, 0);
    expect(types.get("agr_queries_total")).toBe("counter");
    expect(types.get("agr_query_duration_seconds")).toBe("histogram");
    expect(sum("agr_queries_total")).toBe(100);
    expect(sum("agr_query_duration_seconds_count")).toBe(100);
    expect(sum("agr_query_duration_seconds_bucket", (l) => l.le === "+Inf")).toBe(100);
    expect(sum("agr_queries_total", (l) => l.route?.startsWith("retrieve_") === true)).toBe(20);
    expect(sum("agr_queries_total", (l) => l.route === "hybrid")).toBe(10);
    expect(sum("agr_cache_hits_total")).toBeGreaterThan(0);
    expect(sum("agr_cache_hits_total", (l) => l.cache === "retrieval")).toBeGreaterThan(0);
    expect(sum("agr_cache_hits_total", (l) => l.cache === "tool_results")).toBeGreaterThan(0);
    expect(sum("agr_not_found_total")).toBeGreaterThan(0);
    expect(sum("agr_documents")).toBe(4);

    const stats = ServerStatsSchema.parse((await ts.json("/v1/stats")).body);
    // The `agr stats --json` fields are still there.
    expect(stats.totals.documents).toBe(4);
    expect(stats.queries.total).toBe(100);
    expect(stats.queries.by_endpoint).toEqual({
      query: 40,
      query_stream: 20,
      chat: 10,
      chat_stream: 10,
      retrieve: 20,
    });
    for (const [route, r] of Object.entries(stats.queries.routes)) {
      expect(sum("agr_queries_total", (l) => l.route === route)).toBe(r.count);
      expect(sum("agr_not_found_total", (l) => l.route === route)).toBe(r.not_found);
      expect(r.latency_ms.p95).toBeGreaterThanOrEqual(r.latency_ms.p50);
    }
    for (const cache of ["retrieval", "tool_results", "subgraphs"] as const) {
      const s = stats.caches[cache];
      expect(sum("agr_cache_hits_total", (l) => l.cache === cache)).toBe(s.hits);
      expect(sum("agr_cache_misses_total", (l) => l.cache === cache)).toBe(s.misses);
      expect(sum("agr_cache_entries", (l) => l.cache === cache)).toBe(s.entries);
    }
    expect(stats.caches.retrieval).toMatchObject({ hits: 12, misses: 8, entries: 8 });
    // Every answered query (80) was logged for feedback; retrieve calls are not answers.
    expect(stats.feedback.queries).toBe(80);
    expect(stats.feedback.not_found).toBe(sum("agr_feedback_total", (l) => l.kind === "not_found_logged"));
  }, 120_000);

  it("POST /v1/feedback: helpful and a clicked citation are logged and counted; unknown traces are 404", async () => {
    const answered = await ts.json("/v1/query", { body: { question: QUESTIONS[0] } });
    const { trace_id, citations } = QueryResponseSchema.parse(answered.body);
    expect(citations.length).toBeGreaterThan(0);
    const ok = await ts.json("/v1/feedback", { body: { trace_id, helpful: true } });
    expect(ok.status).toBe(201);
    expect(z.object({ id: z.string() }).parse(ok.body).id).toMatch(/^fb_/);
    const clicked = citations[0]?.S;
    expect((await ts.json("/v1/feedback", { body: { trace_id, clicked_citation: clicked } })).status).toBe(
      201,
    );
    expect((await ts.json("/v1/feedback", { body: { trace_id, clicked_citation: "S99" } })).status).toBe(400);
    const unknown = await ts.json("/v1/feedback", {
      body: { trace_id: `tr_${"0".repeat(32)}`, helpful: false },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ error: { code: "unknown_trace" } });
    // A trace from earlier in the run (still known to the log).
    expect((await ts.json("/v1/feedback", { body: { trace_id: traces[0], comment: "slow" } })).status).toBe(
      201,
    );
    const stats = ServerStatsSchema.parse((await ts.json("/v1/stats")).body);
    expect(stats.feedback).toMatchObject({ helpful: 1, citation_clicks: 1, comments: 1 });
    const text = await (await fetch(`${ts.url}/metrics`)).text();
    expect(text).toContain('agr_feedback_total{kind="helpful"} 1');
  }, 60_000);

  it("deleting a document moves the store version and empties the caches", async () => {
    const before = ServerStatsSchema.parse((await ts.json("/v1/stats")).body).caches;
    const docs = z
      .object({ documents: z.array(z.object({ doc_id: z.string() })) })
      .parse((await ts.json("/v1/documents")).body);
    const id = docs.documents[0]?.doc_id ?? "";
    expect((await ts.json(`/v1/documents/${encodeURIComponent(id)}`, { method: "DELETE" })).status).toBe(200);
    await ts.json("/v1/retrieve", { body: { question: QUESTIONS[0], mode: "bm25" } });
    const after = ServerStatsSchema.parse((await ts.json("/v1/stats")).body).caches;
    expect(after.store_version).toBe(before.store_version + 1);
    expect(after.retrieval.entries).toBe(1);
    expect(after.retrieval.invalidations).toBe(before.retrieval.invalidations + before.retrieval.entries);
  }, 60_000);

  it("/metrics and /v1/feedback are in the OpenAPI document; /metrics needs the key when keys are set", async () => {
    const doc = z
      .object({ paths: z.record(z.string(), z.unknown()) })
      .parse((await ts.json("/openapi.json")).body);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(["/metrics", "/v1/feedback"]));
    const keyed = await startTestServer({ embedder: "none", httpApiKeys: ["k1"] });
    try {
      expect((await fetch(`${keyed.url}/metrics`)).status).toBe(401);
      const ok = await fetch(`${keyed.url}/metrics`, { headers: { authorization: "Bearer k1" } });
      expect(ok.status).toBe(200);
      expect(await ok.text()).toContain("# TYPE agr_queries_total counter");
    } finally {
      await keyed.close();
    }
  }, 60_000);
});
