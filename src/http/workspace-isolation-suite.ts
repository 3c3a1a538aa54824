import { cpSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Config } from "../config.js";
import { call as mcpCall, search as mcpSearch } from "../mcp/mcp-test-checks.js";
import { SAMPLES, startTestServer, type TestServer } from "./test-server.js";

const KEYS = { admin: "admin-key-4f1c9e", alpha: "alpha-key-8d2b7a", beta: "beta-key-3e6f0d" };
const QUESTION = "What does GFM-RAG use to retrieve documents?";

type Who = "admin" | "alpha" | "beta";
interface Doc {
  doc_id: string;
  uri: string;
}

/**
 * One server, two workspaces with different documents (alpha: samples/markdown, beta:
 * samples/html), keys bound to each and an unbound admin key. Every route is asked from each
 * side: nothing of one workspace is visible from the other. `overrides` selects the store.
 */
export function workspaceIsolationSuite(storeName: string, overrides: () => Partial<Config>): void {
  describe(`workspaces on the ${storeName} store`, () => {
    let ts: TestServer;
    const docs: Record<"alpha" | "beta", Doc[]> = { alpha: [], beta: [] };
    const jobs: Record<"alpha" | "beta", string> = { alpha: "", beta: "" };
    const call = (who: Who, path: string, init: { method?: string; body?: unknown; ws?: string } = {}) =>
      ts.json(path, {
        ...(init.method ? { method: init.method } : {}),
        ...(init.body === undefined ? {} : { body: init.body }),
        headers: { authorization: `Bearer ${KEYS[who]}`, ...(init.ws ? { "x-agr-workspace": init.ws } : {}) },
      });
    const ids = (ws: "alpha" | "beta") => new Set(docs[ws].map((d) => d.doc_id));

    beforeAll(async () => {
      ts = await startTestServer({
        ...overrides(),
        workspaces: ["alpha", "beta"],
        httpApiKeys: [KEYS.admin],
        httpWorkspaceKeys: [`alpha:${KEYS.alpha}`, `beta:${KEYS.beta}`],
      });
      const root = ts.config.httpIngestRoots[0] as string;
      cpSync(join(SAMPLES, "markdown"), join(root, "alpha"), { recursive: true });
      cpSync(join(SAMPLES, "html"), join(root, "beta"), { recursive: true });
      // alpha by its bound key alone; beta by the admin key naming it.
      const a = await call("alpha", "/v1/documents", { body: { paths: [join(root, "alpha")] } });
      const b = await call("admin", "/v1/documents", { body: { paths: [join(root, "beta")] }, ws: "beta" });
      expect([a.status, b.status]).toEqual([202, 202]);
      jobs.alpha = (a.body as { job_id: string }).job_id;
      jobs.beta = (b.body as { job_id: string }).job_id;
      for (const ws of ["alpha", "beta"] as const) {
        await ts.contexts.get(ws)?.engine().jobs.idle();
        const listed = await call(ws, "/v1/documents");
        docs[ws] = (listed.body as { documents: Doc[] }).documents;
      }
    }, 600_000);
    afterAll(async () => ts?.close());

    it("each workspace lists only its own documents; default holds none of theirs", async () => {
      expect(docs.alpha.length).toBeGreaterThan(0);
      expect(docs.beta.length).toBeGreaterThan(0);
      expect(docs.alpha.every((d) => d.uri.includes("/alpha/"))).toBe(true);
      expect(docs.beta.every((d) => d.uri.includes("/beta/"))).toBe(true);
      const def = await call("admin", "/v1/documents");
      for (const d of (def.body as { documents: Doc[] }).documents)
        expect(d.uri).not.toMatch(/\/(alpha|beta)\//);
    });

    it("a bound key reaches only its workspace; names are checked; keys are still required", async () => {
      expect((await call("alpha", "/v1/workspaces")).body).toMatchObject({
        current: "alpha",
        workspaces: ["alpha"],
      });
      expect((await call("admin", "/v1/workspaces", { ws: "beta" })).body).toMatchObject({
        current: "beta",
        workspaces: ["default", "alpha", "beta"],
      });
      expect((await call("alpha", "/v1/documents", { ws: "beta" })).status).toBe(403);
      expect((await call("admin", "/v1/documents", { ws: "nope" })).status).toBe(404);
      expect((await ts.json("/v1/documents", { headers: { "x-agr-workspace": "beta" } })).status).toBe(401);
      // A bound key is not a key of another workspace even when it names nothing.
      const wrong = await ts.json("/v1/documents", {
        headers: { authorization: `Bearer ${KEYS.beta}-x`, "x-agr-workspace": "alpha" },
      });
      expect(wrong.status).toBe(401);
    });

    it("retrieval (and its cache) answers each workspace from its own documents", async () => {
      for (const ws of ["alpha", "beta"] as const) {
        const r = await call(ws, "/v1/retrieve", { body: { question: QUESTION, k: 10 } });
        expect(r.status).toBe(200);
        const evidence = (r.body as { evidence: Array<{ doc_id: string }> }).evidence;
        expect(evidence.length).toBeGreaterThan(0);
        const other = ws === "alpha" ? "beta" : "alpha";
        for (const e of evidence)
          expect([ids(ws).has(e.doc_id), ids(other).has(e.doc_id)]).toEqual([true, false]);
      }
    });

    it("asking, chatting, traces and feedback stay in their workspace", async () => {
      const asked = await call("beta", "/v1/query", { body: { question: QUESTION } });
      expect(asked.status).toBe(200);
      const body = asked.body as { trace_id: string; citations: Array<{ chunk_id: string; uri: string }> };
      expect(body.citations.length).toBeGreaterThan(0);
      for (const c of body.citations) expect(c.uri).toContain("/beta/");
      const alphaAsk = await call("alpha", "/v1/query", { body: { question: QUESTION } });
      for (const c of (alphaAsk.body as typeof body).citations) expect(c.uri).toContain("/alpha/");
      expect((await call("beta", `/v1/traces/${body.trace_id}`)).status).toBe(200);
      expect((await call("alpha", `/v1/traces/${body.trace_id}`)).status).toBe(404);
      const fb = { trace_id: body.trace_id, helpful: true };
      expect((await call("alpha", "/v1/feedback", { body: fb })).status).toBe(404);
      expect((await call("beta", "/v1/feedback", { body: fb })).status).toBeLessThan(300);
      const chat = await call("alpha", "/v1/chat/completions", {
        body: { model: "agent", messages: [{ role: "user", content: QUESTION }] },
      });
      expect(chat.status).toBe(200);
      const chatTrace = (chat.body as { agr: { trace_id: string } }).agr.trace_id;
      const traced = await call("alpha", `/v1/traces/${chatTrace}`);
      for (const c of (traced.body as typeof body).citations) expect(c.uri).toContain("/alpha/");
      expect((await call("beta", `/v1/traces/${chatTrace}`)).status).toBe(404);
    });

    it("the graph explorer, sources, jobs, stats and metrics never show the other workspace", async () => {
      const betaDoc = docs.beta[0]?.doc_id as string;
      expect((await call("beta", `/v1/graph/nodes/${encodeURIComponent(betaDoc)}`)).status).toBe(200);
      expect((await call("alpha", `/v1/graph/nodes/${encodeURIComponent(betaDoc)}`)).status).toBe(404);
      expect((await call("alpha", `/v1/documents/${encodeURIComponent(betaDoc)}/source`)).status).toBe(404);
      const hits = async (ws: "alpha" | "beta") =>
        ((await call(ws, "/v1/graph/search?q=GFM&limit=50")).body as { hits: Array<{ id: string }> }).hits;
      const betaHits = new Set((await hits("beta")).map((h) => h.id));
      expect(betaHits.size).toBeGreaterThan(0);
      for (const h of await hits("alpha")) expect(betaHits.has(h.id)).toBe(false);
      expect((await call("alpha", `/v1/jobs/${jobs.beta}`)).status).toBe(404);
      const alphaJobs = (await call("alpha", "/v1/jobs")).body as { jobs: Array<{ id: string }> };
      expect(alphaJobs.jobs.map((j) => j.id)).toEqual([jobs.alpha]);
      const stats = (await call("alpha", "/v1/stats")).body as { documents: Doc[]; feedback?: unknown };
      expect(stats.documents.map((d) => d.doc_id).sort()).toEqual([...ids("alpha")].sort());
      const metrics = async (ws: "alpha" | "beta") => String((await call(ws, "/metrics")).body);
      const docsGauge = (text: string) => /^agr_documents(?:\{[^}]*\})? (\d+)/m.exec(text)?.[1];
      expect(docsGauge(await metrics("alpha"))).toBe(String(docs.alpha.length));
      expect(docsGauge(await metrics("beta"))).toBe(String(docs.beta.length));
    });

    it("MCP at /mcp searches and opens sources of the key's workspace only", async () => {
      const connect = async (who: Who, ws?: string) => {
        const c = new Client({ name: "agr-workspace-test", version: "1.0.0" });
        const headers = { authorization: `Bearer ${KEYS[who]}`, ...(ws ? { "x-agr-workspace": ws } : {}) };
        await c.connect(
          new StreamableHTTPClientTransport(new URL(`${ts.url}/mcp`), { requestInit: { headers } }),
        );
        return c;
      };
      const alpha = await connect("alpha");
      const beta = await connect("admin", "beta");
      try {
        const inAlpha = await mcpSearch(alpha, { question: QUESTION, k: 10 });
        expect(inAlpha.value.evidence.length).toBeGreaterThan(0);
        for (const e of inAlpha.value.evidence) expect(ids("alpha").has(e.doc_id)).toBe(true);
        const inBeta = await mcpSearch(beta, { question: QUESTION, k: 10 });
        const betaChunk = inBeta.value.evidence[0]?.chunk_id as string;
        expect(ids("beta").has(inBeta.value.evidence[0]?.doc_id as string)).toBe(true);
        const fromAlpha = await mcpCall(alpha, "get_source", { chunk_id: betaChunk });
        expect(fromAlpha.isError).toBe(true);
      } finally {
        await alpha.close();
        await beta.close();
      }
      await expect(connect("alpha", "beta")).rejects.toThrow(/403|workspace/);
    });

    it("clearing one workspace's store leaves the other's documents", async () => {
      const cleared = await call("alpha", "/v1/store?confirm=delete-all-documents", { method: "DELETE" });
      expect(cleared.status).toBe(200);
      expect((cleared.body as { deleted: string[] }).deleted.sort()).toEqual([...ids("alpha")].sort());
      const left = (await call("beta", "/v1/documents")).body as { documents: Doc[] };
      expect(left.documents.map((d) => d.doc_id).sort()).toEqual([...ids("beta")].sort());
    });
  });
}
