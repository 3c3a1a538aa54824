import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorBodySchema } from "./http-error.js";
import { JobViewSchema } from "./routes/jobs.js";
import { SAMPLES, startTestServer, type TestServer } from "./test-server.js";

// The routes the web UI needs beyond the core API, and the static UI itself, on a real socket.
const ROOT = resolve(import.meta.dirname, "../..");
const PDF = join(SAMPLES, "pdf/federal-register-2020-17221-p1-6.pdf");
const SECRET = "sk-ui-test-secret-4242";
const KEY = "ui-test-key";

let ts: TestServer;
const auth = { authorization: `Bearer ${KEY}` };
const get = (path: string, headers: Record<string, string> = auth) => fetch(`${ts.url}${path}`, { headers });

beforeAll(async () => {
  if (!existsSync(join(ROOT, "web/dist/index.html")))
    expect(spawnSync(process.execPath, [join(ROOT, "scripts/build-web.mjs")]).status).toBe(0);
  ts = await startTestServer({ llmApiKey: SECRET, httpApiKeys: [KEY] }, { samples: false });
  const form = new FormData();
  form.append("file", new Blob([readFileSync(PDF)]), "federal-register.pdf");
  form.append("file", new Blob(["# Pump manual\n\nThe pump needs oil every week.\n"]), "pump.md");
  const res = await fetch(`${ts.url}/v1/documents`, { method: "POST", body: form, headers: auth });
  expect(res.status).toBe(202);
  await ts.ctx.engine().jobs.idle();
}, 180_000);
afterAll(async () => ts?.close());

describe("static UI", () => {
  it("serves index.html without a key, with a CSP; SPA paths fall back to it", async () => {
    for (const path of ["/", "/graph", "/some/deep/page"]) {
      const res = await get(path, {});
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^text\/html/);
      expect(res.headers.get("content-security-policy")).toContain("default-src 'self'");
      expect(await res.text()).toContain('<div id="app">');
    }
  });

  it("serves built assets with their content type; missing assets are 404, not the app", async () => {
    const html = await (await get("/", {})).text();
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const js = await get(script ?? "", {});
    expect(js.status).toBe(200);
    expect(js.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(js.headers.get("cache-control")).toContain("immutable");
    expect((await get("/assets/nope.js", {})).status).toBe(404);
  });

  it("no path reaches outside web/dist", async () => {
    for (const path of [
      "/..%2f..%2fpackage.json",
      "/%2e%2e/%2e%2e/package.json",
      "/assets/..%2f..%2f..%2fREADME.md",
    ]) {
      const res = await get(path, {});
      const text = await res.text();
      expect(text).not.toContain('"name": "agentic-graph-rag"');
      expect(text).not.toContain("# agentic-graph-rag");
    }
  });

  it("API paths keep JSON 404s and keep needing the key", async () => {
    const res = await get("/v1/nothing-here");
    expect(res.status).toBe(404);
    expect(ErrorBodySchema.parse(await res.json()).error.code).toBe("not_found");
    expect((await get("/v1/config", {})).status).toBe(401);
  });
});

describe("routes for the UI", () => {
  it("the upload job behind these tests succeeded", async () => {
    const { jobs } = (await (await get("/v1/jobs")).json()) as { jobs: Array<{ id: string }> };
    const view = JobViewSchema.parse(await (await get(`/v1/jobs/${jobs[0]?.id}`)).json());
    expect(view.status).toBe("succeeded");
  });

  it("GET /v1/graph/search finds entities, sections and chunks by text", async () => {
    const res = await get("/v1/graph/search?q=Federal%20Aviation%20Administration");
    expect(res.status).toBe(200);
    const { hits } = (await res.json()) as { hits: Array<{ id: string; label: string; text: string }> };
    expect(hits.some((h) => h.label === "Entity" && /Federal Aviation Administration/.test(h.text))).toBe(
      true,
    );
    expect(hits.some((h) => h.label === "Section")).toBe(true);
    const docs = (await (await get("/v1/graph/search?q=pump&label=Document")).json()) as { hits: unknown[] };
    expect(docs.hits).toHaveLength(1);
    expect((await get("/v1/graph/search?q=x&label=Bogus")).status).toBe(400);
  });

  it("GET /v1/documents/:id/source returns a stored PDF's bytes and text files as text/plain only", async () => {
    const { documents } = (await (await get("/v1/documents")).json()) as {
      documents: Array<{ doc_id: string; kind: string }>;
    };
    const pdf = documents.find((d) => d.kind === "pdf");
    const md = documents.find((d) => d.kind === "markdown");
    const res = await get(`/v1/documents/${encodeURIComponent(pdf?.doc_id ?? "")}/source`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(Buffer.from(await res.arrayBuffer()).equals(readFileSync(PDF))).toBe(true);
    const text = await get(`/v1/documents/${encodeURIComponent(md?.doc_id ?? "")}/source`);
    expect(text.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(await text.text()).toContain("The pump needs oil");
    // Only Document nodes name files: a chunk id, a path or an unknown id reach nothing.
    const chunk = await ts.ctx
      .engine()
      .store.findNodes({ label: "Chunk", doc_id: md?.doc_id ?? "", limit: 1 });
    for (const id of [chunk[0]?.id ?? "", "..%2F..%2Fpackage.json", "doc:nope"])
      expect((await get(`/v1/documents/${encodeURIComponent(id)}/source`)).status).toBe(404);
  });

  it("GET /v1/config shows settings with secrets masked", async () => {
    const res = await get("/v1/config");
    const text = await res.text();
    expect(res.status).toBe(200);
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain(KEY);
    const body = JSON.parse(text) as {
      settings: Array<{ key: string; value: unknown; secret: boolean }>;
      scoring: Record<string, number>;
      store: { documents: number };
    };
    const by = new Map(body.settings.map((s) => [s.key, s]));
    expect(by.get("llmApiKey")).toMatchObject({ secret: true, value: "••••••" });
    expect(by.get("httpApiKeys")).toMatchObject({ secret: true, value: ["••••••"] });
    expect(by.get("chunkTokens")).toMatchObject({ secret: false, value: 400 });
    expect(body.scoring.text_rel).toBe(0.45);
    expect(body.store.documents).toBe(2);
  });

  it("GET /v1/evals lists reports `agr eval --out` wrote under <data dir>/evals, with their charts", async () => {
    const empty = (await (await get("/v1/evals")).json()) as { reports: unknown[] };
    expect(empty.reports).toEqual([]);
    const out = join(ts.ctx.engine().dataDir, "evals", "tiny-dev");
    const run = spawnSync(
      process.execPath,
      [
        join(ROOT, "bin/agr.mjs"),
        "eval",
        "--data",
        join(ROOT, "evals/fixtures/tiny"),
        "--modes",
        "bm25",
        "--out",
        out,
      ],
      { env: { ...process.env, AGR_EMBEDDER: "none" }, encoding: "utf8" },
    );
    expect(run.status, run.stderr).toBe(0);
    const body = (await (await get("/v1/evals")).json()) as {
      reports: Array<{
        name: string;
        chart: string | null;
        report: { dataset: string; modes: Record<string, unknown> };
      }>;
    };
    expect(body.reports.map((r) => r.name)).toEqual(["tiny-dev"]);
    expect(body.reports[0]?.report.dataset).toBe("tiny");
    expect(Object.keys(body.reports[0]?.report.modes ?? {})).toContain("bm25");
    const chart = await get(body.reports[0]?.chart ?? "");
    expect(chart.headers.get("content-type")).toBe("image/svg+xml");
    expect(await chart.text()).toContain("<svg");
    expect((await get("/v1/evals/..%2F..%2Fx/chart.svg")).status).toBe(400);
  }, 60_000);

  it("DELETE /v1/store needs its confirmation, then removes every document", async () => {
    const del = (q: string) => fetch(`${ts.url}/v1/store${q}`, { method: "DELETE", headers: auth });
    expect((await del("")).status).toBe(400);
    expect((await del("?confirm=yes")).status).toBe(400);
    const res = await del("?confirm=delete-all-documents");
    expect(res.status).toBe(200);
    expect(((await res.json()) as { deleted: string[] }).deleted).toHaveLength(2);
    const after = (await (await get("/v1/documents")).json()) as { documents: unknown[] };
    expect(after.documents).toEqual([]);
    expect(await ts.ctx.engine().store.findNodes({ label: "Chunk", limit: 1 })).toEqual([]);
  });

  it("the new routes are in /openapi.json", async () => {
    const doc = (await (await get("/openapi.json", {})).json()) as { paths: Record<string, unknown> };
    for (const p of ["/v1/graph/search", "/v1/documents/{id}/source", "/v1/config", "/v1/store", "/v1/evals"])
      expect(Object.keys(doc.paths)).toContain(p);
  });
});
