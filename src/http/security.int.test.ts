import { afterAll, describe, expect, it } from "vitest";
import type { Config } from "../config.js";
import { ErrorBodySchema } from "./http-error.js";
import { startTestServer, type TestServer } from "./test-server.js";

// Middleware needs no model: these servers run without an embedder, so each starts in well under a second.
const servers: TestServer[] = [];
const serve = async (overrides: Partial<Config>) => {
  const ts = await startTestServer({ embedder: "none", ...overrides });
  servers.push(ts);
  return ts;
};
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
const code = (body: unknown) => ErrorBodySchema.parse(body).error.code;

describe("auth and rate limit", () => {
  it("without a valid key: 401 with www-authenticate; health, readiness and the OpenAPI document stay open", async () => {
    const ts = await serve({ httpApiKeys: ["k1", "k2"] });
    for (const headers of [{}, bearer("k3"), bearer("k1x"), { authorization: "Basic azE6" }]) {
      const r = await ts.json("/v1/stats", { headers });
      expect(r.status).toBe(401);
      expect(code(r.body)).toBe("unauthorized");
      expect(r.headers.get("www-authenticate")).toMatch(/^Bearer/);
    }
    const q = await ts.json("/v1/query", { body: { question: "What is an object?" } });
    expect(q.status).toBe(401);
    for (const path of ["/healthz", "/readyz", "/openapi.json"])
      expect((await ts.json(path)).status).toBe(200);
    expect((await ts.json("/v1/stats", { headers: bearer("k1") })).status).toBe(200);
    expect((await ts.json("/v1/stats", { headers: bearer("k2") })).status).toBe(200);
  });

  it("httpRateLimit 5: the 6th request of a key is 429 with retry-after; another key has its own bucket", async () => {
    const ts = await serve({ httpApiKeys: ["k1", "k2"], httpRateLimit: 5 });
    for (let i = 0; i < 5; i++)
      expect((await ts.json("/v1/models", { headers: bearer("k1") })).status).toBe(200);
    const limited = await ts.json("/v1/models", { headers: bearer("k1") });
    expect(limited.status).toBe(429);
    expect(code(limited.body)).toBe("rate_limited");
    const wait = Number(limited.headers.get("retry-after"));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(12); // one token refills in 60 s / 5
    expect((await ts.json("/v1/models", { headers: bearer("k2") })).status).toBe(200);
    // A refused key spends the address's tokens, not k1's; health is outside the limited /v1 space.
    expect((await ts.json("/v1/models", { headers: bearer("nope") })).status).toBe(401);
    expect((await ts.json("/healthz", { headers: bearer("k1") })).status).toBe(200);
  });

  it("failed keys count against the client address: guessing keys runs into 429, a valid key still works", async () => {
    const ts = await serve({ httpApiKeys: ["k1"], httpRateLimit: 3 });
    const guesses = [];
    for (let i = 0; i < 5; i++)
      guesses.push((await ts.json("/v1/models", { headers: bearer(`guess${i}`) })).status);
    expect(guesses).toEqual([401, 401, 401, 429, 429]);
    expect((await ts.json("/v1/models")).status).toBe(429); // no key at all is a failed attempt too
    expect((await ts.json("/v1/models", { headers: bearer("k1") })).status).toBe(200);
  });

  it("without keys a made-up Bearer string is no new bucket: the address is", async () => {
    const ts = await serve({ httpRateLimit: 3 });
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await ts.json("/v1/models", { headers: bearer(`fresh${i}`) })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it("without keys the client address is the bucket", async () => {
    const ts = await serve({ httpRateLimit: 3 });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await ts.json("/v1/models")).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe("CORS", () => {
  const preflight = (ts: TestServer, origin: string) =>
    fetch(`${ts.url}/v1/query`, {
      method: "OPTIONS",
      headers: {
        origin,
        "access-control-request-method": "POST",
        "access-control-request-headers": "authorization,content-type",
      },
    });

  it("an allowed origin's preflight (no key needed) and requests get the CORS headers", async () => {
    const ts = await serve({ httpCorsOrigins: ["http://ui.example"], httpApiKeys: ["k1"] });
    const pre = await preflight(ts, "http://ui.example");
    expect(pre.status).toBe(204);
    expect(pre.headers.get("access-control-allow-origin")).toBe("http://ui.example");
    expect(pre.headers.get("access-control-allow-methods")).toMatch(/POST/);
    expect(pre.headers.get("access-control-allow-headers")?.toLowerCase()).toMatch(/authorization/);
    const get = await ts.json("/v1/models", { headers: { origin: "http://ui.example", ...bearer("k1") } });
    expect(get.status).toBe(200);
    expect(get.headers.get("access-control-allow-origin")).toBe("http://ui.example");
    expect(get.headers.get("access-control-expose-headers")).toMatch(/x-trace-id/);
    // A browser can read the 401 too.
    const denied = await ts.json("/v1/models", { headers: { origin: "http://ui.example" } });
    expect(denied.status).toBe(401);
    expect(denied.headers.get("access-control-allow-origin")).toBe("http://ui.example");
    const other = await preflight(ts, "http://evil.example");
    expect(other.headers.get("access-control-allow-origin")).not.toBe("http://evil.example");
  });

  it("no CORS headers at all when no origin is configured", async () => {
    const ts = await serve({});
    const pre = await preflight(ts, "http://ui.example");
    expect(pre.headers.get("access-control-allow-origin")).toBeNull();
    const get = await ts.json("/v1/models", { headers: { origin: "http://ui.example" } });
    expect(get.status).toBe(200);
    expect([...get.headers.keys()].filter((k) => k.startsWith("access-control-"))).toEqual([]);
  });
});

describe("deadline and body limit", () => {
  it("httpTimeoutMs 1: a query is 504 timeout", async () => {
    // The real model: the deadline is a timer, and only work that yields to the event loop (the
    // model runs off the main thread) lets it fire; an empty store without one answers in one tick.
    const ts = await serve({ httpTimeoutMs: 1, embedder: "local" });
    const r = await ts.json("/v1/query", { body: { question: "How do I create an object?" } });
    expect(r.status).toBe(504);
    expect(code(r.body)).toBe("timeout");
  });

  it("httpMaxBodyKb 1: a 2 KiB JSON body is 413, sized by header or streamed; 900 bytes pass", async () => {
    const ts = await serve({ httpMaxBodyKb: 1 });
    const big = JSON.stringify({ question: `What is ${"x".repeat(2048)}?` });
    const r = await ts.json("/v1/query", { body: big });
    expect(r.status).toBe(413);
    expect(code(r.body)).toBe("too_large");
    const streamed = await fetch(`${ts.url}/v1/retrieve`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: new Blob([big]).stream(),
      duplex: "half",
    } as RequestInit);
    expect(streamed.status).toBe(413);
    const small = await ts.json("/v1/retrieve", {
      body: { question: `What is ${"x".repeat(850)}?`, mode: "bm25" },
    });
    expect(small.status).toBe(200);
    expect((await ts.json("/healthz")).status).toBe(200);
  });
});
