import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type GraphEdge, GraphEdgeSchema } from "../domain/graph-edge.js";
import { collectStats } from "../ingest/stats-report.js";
import { type ContextBundle, ContextBundleSchema } from "../retrieval/context-bundle.js";
import { RetrievalModeSchema } from "../retrieval/retrieval-mode.js";
import { apiRoutes } from "./app.js";
import { ErrorBodySchema } from "./http-error.js";
import { ServerStatsSchema, StatsReportSchema } from "./routes/stats.js";
import { startTestServer, type TestServer } from "./test-server.js";

let ts: TestServer;
let bundle: ContextBundle;
beforeAll(async () => {
  ts = await startTestServer({}, { samples: true });
  const r = await ts.json("/v1/retrieve", {
    body: { question: "How do I create an object with a ConstructorRef?" },
  });
  bundle = ContextBundleSchema.parse(r.body);
}, 180_000);
afterAll(async () => ts?.close());

describe("POST /v1/retrieve", () => {
  it.each(RetrievalModeSchema.options)("mode %s returns a ContextBundle within its budget", async (mode) => {
    const r = await ts.json("/v1/retrieve", { body: { question: "How do I transfer an object?", mode } });
    expect(r.status).toBe(200);
    const b = ContextBundleSchema.parse(r.body);
    expect(b.mode).toBe(mode);
    expect(b.query).toBe("How do I transfer an object?");
    expect(b.evidence.length).toBeGreaterThan(0);
    expect(b.summaries.length).toBeGreaterThan(0);
    expect(b.token_count).toBeLessThanOrEqual(b.token_budget);
    expect(b.evidence.map((e) => e.sid)).toEqual(b.evidence.map((_, i) => `S${i + 1}`));
  });

  it("defaults to ppr; budget and k bound the bundle; evidence chunks exist in the graph", async () => {
    expect(bundle.mode).toBe("ppr");
    const small = ContextBundleSchema.parse(
      (
        await ts.json("/v1/retrieve", {
          body: { question: "What is a TransferRef?", mode: "hybrid", k: 2, budget: 200, expand: false },
        })
      ).body,
    );
    expect(small.token_budget).toBe(200);
    expect(small.token_count).toBeLessThanOrEqual(200);
    expect(small.evidence.length).toBeGreaterThan(0);
    expect(small.evidence.length).toBeLessThanOrEqual(2);
    for (const e of bundle.evidence.slice(0, 5)) {
      const node = await ts.json(`/v1/graph/nodes/${encodeURIComponent(e.chunk_id)}`);
      expect(node.body).toMatchObject({ label: "Chunk", id: e.chunk_id, doc_id: e.doc_id });
    }
  });
});

describe("GET /v1/stats and /v1/graph/*", () => {
  it("/v1/stats is what collectStats (agr stats --json) reports, plus caches, queries and feedback", async () => {
    const r = await ts.json("/v1/stats");
    expect(r.status).toBe(200);
    const report = StatsReportSchema.parse(r.body);
    const { caches, queries, feedback, ...rest } = ServerStatsSchema.parse(r.body);
    expect(caches && queries && feedback).toBeTruthy();
    expect(Object.keys(r.body as object).sort()).toEqual(
      [...Object.keys(rest), "caches", "feedback", "queries"].sort(),
    );
    expect(rest).toEqual(JSON.parse(JSON.stringify(await collectStats(ts.ctx.engine().store))));
    expect(report.totals.documents).toBe(4);
    expect(report.documents.reduce((n, d) => n + d.chunks, 0)).toBe(report.totals.chunks);
  });

  it("/v1/graph/stats sums the store's counts per label and edge type", async () => {
    const r = await ts.json("/v1/graph/stats");
    const counts = await ts.ctx.engine().store.counts();
    const body = r.body as { backend: string; nodes: Record<string, number>; edges: Record<string, number> };
    expect(body.backend).toBe("embedded");
    const sum = (xs: { count: number }[]) => xs.reduce((n, x) => n + x.count, 0);
    expect(Object.values(body.nodes).reduce((a, b) => a + b, 0)).toBe(sum(counts.nodes));
    expect(Object.values(body.edges).reduce((a, b) => a + b, 0)).toBe(sum(counts.edges));
    expect(body.nodes.Document).toBe(4);
    const stats = StatsReportSchema.parse((await ts.json("/v1/stats")).body);
    expect(body.nodes.Chunk).toBe(stats.totals.chunks);
  });

  it("nodes/:id returns a node; an unknown id is 404", async () => {
    const doc = bundle.evidence[0]?.doc_id ?? "";
    const r = await ts.json(`/v1/graph/nodes/${encodeURIComponent(doc)}`);
    expect(r.body).toMatchObject({ label: "Document", id: doc });
    const missing = await ts.json("/v1/graph/nodes/chk%3Anope");
    expect(missing.status).toBe(404);
    expect(ErrorBodySchema.parse(missing.body).error.code).toBe("not_found");
  });

  it("neighbours filter by edge type and direction", async () => {
    const chunk = bundle.evidence[0]?.chunk_id ?? "";
    const section = bundle.evidence[0]?.section_id ?? "";
    const around = async (id: string, q: string) => {
      const r = await ts.json(`/v1/graph/nodes/${encodeURIComponent(id)}/neighbours?${q}`);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const body = r.body as { nodes: { id: string; label: string }[]; edges: unknown[] };
      return { nodes: body.nodes, edges: body.edges.map((e) => GraphEdgeSchema.parse(e)) };
    };
    const ids = (edges: GraphEdge[]) => edges.map((e) => `${e.src}-${e.type}-${e.dst}`).sort();

    const mentions = await around(section, "edge_type=MENTIONS&direction=out");
    expect(mentions.edges.length).toBeGreaterThan(0);
    expect(mentions.edges.every((e) => e.type === "MENTIONS" && e.src === section)).toBe(true);
    const targets = new Set(mentions.edges.map((e) => e.dst));
    expect(mentions.nodes.filter((n) => targets.has(n.id)).every((n) => n.label === "Entity")).toBe(true);
    expect(mentions.nodes.map((n) => n.id)).toContain(section);

    const into = await around(chunk, "edge_type=MENTIONED_IN&direction=in");
    expect(into.edges.length).toBeGreaterThan(0);
    expect(into.edges.every((e) => e.type === "MENTIONED_IN" && e.dst === chunk)).toBe(true);
    expect((await around(chunk, "edge_type=MENTIONED_IN&direction=out")).edges).toEqual([]);

    const out = await around(chunk, "direction=out");
    const inn = await around(chunk, "direction=in");
    const both = await around(chunk, "direction=both");
    expect(ids(both.edges)).toEqual([...new Set([...ids(out.edges), ...ids(inn.edges)])].sort());
    const two = await around(chunk, "edge_type=NEXT,MENTIONED_IN");
    expect(new Set(two.edges.map((e) => e.type))).toEqual(new Set(["NEXT", "MENTIONED_IN"]));
    const deeper = await around(chunk, "depth=2&limit=500");
    expect(deeper.nodes.length).toBeGreaterThan(both.nodes.length);

    const bad = await ts.json(`/v1/graph/nodes/${encodeURIComponent(chunk)}/neighbours?edge_type=LIKES`);
    expect(bad.status).toBe(400);
    expect((await ts.json("/v1/graph/nodes/chk%3Anope/neighbours")).status).toBe(404);
  });
});

describe("GET /openapi.json", () => {
  it("is a valid OpenAPI 3.1 document listing every route with its request schemas", async () => {
    const r = await ts.json("/openapi.json");
    expect(r.status).toBe(200);
    const validator = new Validator();
    const result = await validator.validate(r.body as Record<string, unknown>);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
    type Op = {
      requestBody?: { content: Record<string, { schema: { type?: string } }> };
      parameters: unknown[];
    };
    const doc = r.body as { openapi: string; paths: Record<string, Record<string, Op>> };
    expect(doc.openapi).toBe("3.1.0");
    const routes = apiRoutes(ts.ctx);
    expect(routes.length).toBeGreaterThanOrEqual(15);
    for (const route of routes) {
      const op = doc.paths[route.path.replace(/:(\w+)/g, "{$1}")]?.[route.method];
      expect(op, `${route.method} ${route.path}`).toBeDefined();
      if (route.body) expect(op?.requestBody?.content["application/json"]?.schema.type).toBe("object");
      if (route.params) expect(op?.parameters.length).toBeGreaterThan(0);
    }
    expect(doc.paths["/openapi.json"]?.get).toBeDefined();
    const query = doc.paths["/v1/query"]?.post?.requestBody?.content["application/json"]?.schema as {
      required?: string[];
    };
    expect(query.required).toContain("question");
  });
});
