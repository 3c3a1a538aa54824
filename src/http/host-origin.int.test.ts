import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorCodeOf, rawRequest } from "./raw-request.js";
import { startTestServer, type TestServer } from "./test-server.js";

// Attacks from a browser, sent over real sockets with the headers a browser would send.
let ts: TestServer;
let listed: TestServer;
beforeAll(async () => {
  ts = await startTestServer({ embedder: "none" });
  listed = await startTestServer({
    embedder: "none",
    httpAllowedHosts: ["agr.internal", "docs.example:8443"],
    httpCorsOrigins: ["http://ui.example"],
  });
}, 60_000);
afterAll(async () => Promise.all([ts?.close(), listed?.close()]));

const upload = () => {
  const form = new FormData();
  form.append("file", new Blob(["# Planted\n\nA page another site uploads.\n"]), "planted.md");
  return form;
};

describe("DNS rebinding: the Host header must name this server", () => {
  it("a rebound name (attacker.example → 127.0.0.1) gets 403 on the API and the UI alike", async () => {
    for (const host of [`attacker.example:${ts.port}`, "attacker.example", "localhost.attacker.example"]) {
      for (const path of ["/v1/stats", "/healthz", "/"]) {
        const res = await rawRequest(ts.url, path, { headers: { host } });
        expect(res.status, `${host} ${path}`).toBe(403);
        expect(errorCodeOf(res)).toBe("forbidden_host");
      }
      const write = await rawRequest(ts.url, "/v1/query", {
        headers: { host, "content-type": "application/json" },
        body: JSON.stringify({ question: "What is an object?" }),
      });
      expect(write.status).toBe(403);
    }
  });

  it("the bound address and the loopback names pass", async () => {
    for (const host of [`127.0.0.1:${ts.port}`, `localhost:${ts.port}`, `[::1]:${ts.port}`, "LOCALHOST"])
      expect((await rawRequest(ts.url, "/v1/stats", { headers: { host } })).status, host).toBe(200);
  });

  it("AGR_HTTP_ALLOWED_HOSTS adds names: a bare name at any port, name:port at that port only", async () => {
    const ok = async (host: string) =>
      (await rawRequest(listed.url, "/v1/models", { headers: { host } })).status;
    expect(await ok("agr.internal")).toBe(200);
    expect(await ok("agr.internal:9000")).toBe(200);
    expect(await ok("docs.example:8443")).toBe(200);
    expect(await ok("docs.example:8444")).toBe(403);
    expect(await ok("docs.example")).toBe(403);
    expect(await ok("evil.agr.internal")).toBe(403);
  });
});

describe("cross-site writes: foreign origins and simple requests are refused", () => {
  it("a page on another origin cannot upload a document (the multipart form needs no preflight)", async () => {
    const jobs = async () => ((await ts.json("/v1/jobs")).body as { jobs: unknown[] }).jobs.length;
    const before = await jobs();
    const res = await rawRequest(ts.url, "/v1/documents", {
      headers: { origin: "http://attacker.example" },
      body: upload(),
    });
    expect(res.status).toBe(403);
    expect(errorCodeOf(res)).toBe("forbidden_origin");
    // `Origin: null` (a sandboxed frame, a file:// page) is foreign too.
    const sandboxed = await rawRequest(ts.url, "/v1/documents", {
      headers: { origin: "null", "x-requested-with": "agr" },
      body: upload(),
    });
    expect(sandboxed.status).toBe(403);
    expect(await jobs()).toBe(before);
  });

  it("a simple multipart or text body without X-Requested-With is refused, whatever the Origin", async () => {
    const bare = await rawRequest(ts.url, "/v1/documents", { body: upload() });
    expect(bare.status).toBe(403);
    expect(errorCodeOf(bare)).toBe("simple_request");
    const text = await rawRequest(ts.url, "/v1/feedback", {
      headers: { "content-type": "text/plain" },
      body: JSON.stringify({ trace_id: "t", helpful: true }),
    });
    expect(text.status).toBe(403);
    // The UI's way: same origin plus the header.
    const same = await rawRequest(ts.url, "/v1/documents", {
      headers: { origin: ts.url, "x-requested-with": "agr" },
      body: upload(),
    });
    expect(same.status).toBe(202);
  });

  it("DELETE and JSON posts from a foreign origin are 403; reads and header-less clients are not", async () => {
    const del = await rawRequest(ts.url, "/v1/documents/doc-1", {
      method: "DELETE",
      headers: { origin: "http://attacker.example" },
    });
    expect(del.status).toBe(403);
    const json = { "content-type": "application/json" };
    const body = JSON.stringify({ question: "objects", mode: "bm25" });
    const foreign = await rawRequest(ts.url, "/v1/retrieve", {
      headers: { ...json, origin: "http://attacker.example" },
      body,
    });
    expect(foreign.status).toBe(403);
    // An OpenAI client or curl: JSON, no Origin.
    expect((await rawRequest(ts.url, "/v1/retrieve", { headers: json, body })).status).toBe(200);
    expect((await rawRequest(ts.url, "/v1/documents/doc-1", { method: "DELETE" })).status).toBe(404);
    const read = await rawRequest(ts.url, "/v1/stats", { headers: { origin: "http://attacker.example" } });
    expect(read.status).toBe(200);
  });

  it("an origin in AGR_HTTP_CORS_ORIGINS may write", async () => {
    const res = await rawRequest(listed.url, "/v1/retrieve", {
      headers: { "content-type": "application/json", origin: "http://ui.example" },
      body: JSON.stringify({ question: "objects", mode: "bm25" }),
    });
    expect(res.status).toBe(200);
    const other = await rawRequest(listed.url, "/v1/retrieve", {
      headers: { "content-type": "application/json", origin: "http://ui.example.attacker.example" },
      body: JSON.stringify({ question: "objects", mode: "bm25" }),
    });
    expect(other.status).toBe(403);
  });
});
