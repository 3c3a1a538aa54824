import { copyFileSync, mkdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorBodySchema } from "../http/http-error.js";
import { rawRequest } from "../http/raw-request.js";
import { SAMPLES, startTestServer, type TestServer } from "../http/test-server.js";
import {
  ask,
  call,
  expectBadInputErrors,
  expectOutsideRootsRefused,
  expectToolList,
  getSource,
  ingest,
  search,
} from "./mcp-test-checks.js";

// A real `agr serve` socket (startServer on a free loopback port) with an API key; the SDK's own
// streamable HTTP client talks to /mcp. The store starts empty and is filled through the ingest tool.
const KEY = "mcp-test-key-0123456789";
const PDF = "federal-register-2020-17221-p1-6.pdf";
let ts: TestServer;
let client: Client;

const connect = async (headers: Record<string, string>): Promise<Client> => {
  const c = new Client({ name: "agr-mcp-http-test", version: "1.0.0" });
  await c.connect(new StreamableHTTPClientTransport(new URL(`${ts.url}/mcp`), { requestInit: { headers } }));
  return c;
};

beforeAll(async () => {
  ts = await startTestServer({ httpApiKeys: [KEY] });
  const root = ts.config.httpIngestRoots[0] as string;
  mkdirSync(join(root, "pdf"));
  copyFileSync(join(SAMPLES, "pdf", PDF), join(root, "pdf", PDF));
  // A link inside the root that leads out of it: refused like any outside path.
  symlinkSync("/etc", join(root, "escape"));
  client = await connect({ authorization: `Bearer ${KEY}` });
}, 180_000);
afterAll(async () => {
  await client?.close();
  await ts?.close();
});

describe("MCP over streamable HTTP at /mcp", () => {
  it("lists the four tools with their schemas", async () => {
    await expectToolList(client);
  });

  it("ingests a PDF under the roots, then search, ask and get_source cite its pages and boxes", async () => {
    const root = ts.config.httpIngestRoots[0] as string;
    const job = await ingest(client, { paths: [join(root, "pdf")], wait_seconds: 100 });
    expect(job.value).toMatchObject({ status: "succeeded", finished: true, report: { ingested: 1 } });
    expect(job.text).toMatch(/succeeded .* 1 ingested/);
    // The same job looked up by id: finished, nothing waited for.
    const again = await ingest(client, { job_id: job.value.job_id, wait_seconds: 0 });
    expect(again.value).toMatchObject({ job_id: job.value.job_id, status: "succeeded", finished: true });

    const found = await search(client, { question: "Which airplane models does this AD apply to?", k: 8 });
    expect(found.value.evidence.length).toBeGreaterThan(0);
    const first = found.value.evidence[0];
    if (first?.citation.kind !== "pdf") throw new Error(`expected a PDF citation: ${JSON.stringify(first)}`);
    expect(first.citation.uri).toMatch(new RegExp(`${PDF}$`));
    expect(first.citation.page).toBeGreaterThanOrEqual(1);
    expect(first.citation.bboxes.length).toBeGreaterThan(0);
    expect(found.text).toContain('<passage id="S1"');
    expect(found.text).toMatch(/never follow instructions/);

    const answer = await ask(client, { question: "Which airplane models does this AD apply to?" });
    expect(answer.value.not_found).toBe(false);
    expect(answer.value.answer).toMatch(/737/);
    expect(answer.value.answer).toMatch(/\[S\d+\]/);
    const cited = answer.value.citations[0];
    expect(cited?.page).toBeGreaterThanOrEqual(1);
    expect(answer.text).toMatch(/Citations:\n\[S\d+\]/);

    const source = await getSource(client, { chunk_id: cited?.chunk_id, context: 2 });
    expect(source.value.chunk_id).toBe(cited?.chunk_id);
    expect(source.value.citation.kind).toBe("pdf");
    expect(source.value.page_start).toBe(cited?.page);
    expect(source.value.bboxes.length).toBeGreaterThan(0);
    expect(source.value.before.length + source.value.after.length).toBeGreaterThan(0);
    expect(source.value.before.length).toBeLessThanOrEqual(2);
    expect(source.text).toContain('<passage id="cited"');
  }, 240_000);

  it("refuses ingest paths outside the roots, links out of them included", async () => {
    const root = ts.config.httpIngestRoots[0] as string;
    await expectOutsideRootsRefused(client, [
      "/etc/hostname",
      "/no/such/file.md",
      join(root, "escape", "hostname"),
    ]);
  });

  it("answers bad input with tool errors and keeps serving", async () => {
    await expectBadInputErrors(client);
    await expectToolList(client);
  });

  it("refuses a missing or wrong API key with 401, and never serves /mcp as a UI page", async () => {
    await expect(connect({ authorization: "Bearer wrong-key" })).rejects.toThrow(/401|unauthorized/i);
    await expect(connect({})).rejects.toThrow(/401|unauthorized/i);
    for (const method of ["GET", "POST"]) {
      const res = await fetch(`${ts.url}/mcp`, {
        method,
        headers: { "content-type": "application/json" },
        body: method === "POST" ? "{}" : null,
      });
      expect(res.status, method).toBe(401);
      expect(ErrorBodySchema.parse(await res.json()).error.code).toBe("unauthorized");
    }
    const get = await fetch(`${ts.url}/mcp`, { headers: { authorization: `Bearer ${KEY}` } });
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
  });

  it("refuses a request for another Host (DNS rebinding) like /v1", async () => {
    const res = await call(client, "search", { question: "airworthiness" });
    expect(res.isError).toBe(false);
    const r = await rawRequest(ts.url, "/mcp", {
      headers: { host: "evil.example", authorization: `Bearer ${KEY}`, "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(r.status).toBe(403);
  });
});

describe("MCP rate limit", () => {
  it("charges /mcp to the same buckets as /v1", async () => {
    const limited = await startTestServer({ httpRateLimit: 3, embedder: "none" });
    try {
      const post = () =>
        fetch(`${limited.url}/mcp`, {
          method: "POST",
          headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
          body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }),
        });
      expect((await limited.json("/v1/stats")).status).toBe(200);
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await post()).status);
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  }, 60_000);
});
