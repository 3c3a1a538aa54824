import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ContextBundleSchema } from "../retrieval/context-bundle.js";
import { ErrorBodySchema } from "./http-error.js";
import { ChatCompletionSchema } from "./routes/chat-schemas.js";
import { QueryResponseSchema } from "./routes/query.js";
import { startTestServer, type TestServer } from "./test-server.js";

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer({ embedder: "fallback" }, { samples: true });
}, 180_000);
afterAll(async () => ts?.close());

const QUESTION = "How do I create an object with a ConstructorRef?";
const USING = "*/using-objects.mdx";
const inside = (uri: string) => uri.endsWith("/using-objects.mdx");

describe("filter on the HTTP API", () => {
  it("POST /v1/retrieve: k ranked, every evidence item inside the filter; without it other documents come back", async () => {
    const plain = ContextBundleSchema.parse(
      (await ts.json("/v1/retrieve", { body: { question: QUESTION } })).body,
    );
    const urls = (b: typeof plain) =>
      b.evidence.map((e) => (e.citation.kind === "url" ? e.citation.url : ""));
    expect(urls(plain).some((u) => !u.split("#")[0]?.endsWith("/using-objects.mdx"))).toBe(true);
    const r = await ts.json("/v1/retrieve", {
      body: { question: QUESTION, mode: "hybrid", k: 5, filter: { uri: USING } },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const bundle = ContextBundleSchema.parse(r.body);
    expect(bundle.evidence.length).toBeGreaterThan(0);
    for (const u of urls(bundle)) expect(inside(u.split("#")[0] ?? ""), u).toBe(true);
  });

  it("POST /v1/retrieve: the filter is part of the cache key", async () => {
    const body = (filter: unknown) => ({ question: QUESTION, mode: "bm25", k: 5, filter });
    const a = ContextBundleSchema.parse((await ts.json("/v1/retrieve", { body: body({ uri: USING }) })).body);
    const b = ContextBundleSchema.parse(
      (await ts.json("/v1/retrieve", { body: body({ uri: "*/creating-objects.mdx" }) })).body,
    );
    expect(a.evidence.map((e) => e.doc_id)).not.toEqual(b.evidence.map((e) => e.doc_id));
  });

  it("400 with the field and the reason for a malformed filter", async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ pages: { from: 80, to: 50 } }, /filter\.pages: page range: from is after to/],
      [{ colour: "red" }, /filter.*colour/],
      [{ kind: "spreadsheet" }, /filter\.kind/],
      [{ published: { from: "yesterday" } }, /filter\.published\.from: expected an ISO date/],
      ["uri=*.pdf", /filter/],
    ];
    for (const [filter, message] of cases) {
      for (const path of ["/v1/retrieve", "/v1/query"]) {
        const r = await ts.json(path, { body: { question: QUESTION, filter } });
        expect(r.status, `${path} ${JSON.stringify(filter)}`).toBe(400);
        expect(ErrorBodySchema.parse(r.body).error.message).toMatch(message);
      }
    }
    const chat = await ts.json("/v1/chat/completions", {
      body: {
        model: "agent",
        messages: [{ role: "user", content: QUESTION }],
        agr: { filter: { pages: {} } },
      },
    });
    expect(chat.status).toBe(400);
    expect(ErrorBodySchema.parse(chat.body).error.message).toMatch(/agr\.filter\.pages/);
  });

  it("POST /v1/query answers from the filter only, and says not found when nothing inside answers", async () => {
    const r = QueryResponseSchema.parse(
      (
        await ts.json("/v1/query", {
          body: { question: QUESTION, filter: { uri: "*/creating-objects.mdx" } },
        })
      ).body,
    );
    expect(r.not_found).toBe(false);
    expect(r.citations.length).toBeGreaterThan(0);
    for (const c of r.citations) expect(c.uri.endsWith("/creating-objects.mdx"), c.uri).toBe(true);
    const none = QueryResponseSchema.parse(
      (await ts.json("/v1/query", { body: { question: QUESTION, filter: { kind: "pdf" } } })).body,
    );
    expect(none.not_found).toBe(true);
    expect(none.citations).toEqual([]);
  });

  it("POST /v1/chat/completions takes the filter as agr.filter (OpenAI fields untouched)", async () => {
    const body = (filter: unknown) => ({
      model: "agent",
      messages: [{ role: "user", content: QUESTION }],
      temperature: 0,
      agr: { filter },
    });
    const r = await ts.json("/v1/chat/completions", { body: body({ uri: "*/creating-objects.mdx" }) });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const out = ChatCompletionSchema.parse(r.body);
    expect(out.citations.length).toBeGreaterThan(0);
    for (const c of out.citations) expect(c.uri.endsWith("/creating-objects.mdx"), c.uri).toBe(true);
    const none = ChatCompletionSchema.parse(
      (await ts.json("/v1/chat/completions", { body: body({ kind: "pdf" }) })).body,
    );
    expect(none.agr.not_found).toBe(true);
  });

  it("the OpenAPI document describes the filter", async () => {
    const doc = JSON.stringify((await ts.json("/openapi.json")).body);
    expect(doc).toMatch(/"filter"/);
    expect(doc).toMatch(/heading path prefix|Heading path prefix/i);
  });
});
