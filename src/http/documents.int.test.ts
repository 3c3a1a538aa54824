import { copyFileSync, readFileSync, symlinkSync } from "node:fs";
import { join, sep } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NodeLabel } from "../domain/graph-node.js";
import { sharedPath } from "../ingest/test-helpers.js";
import { ErrorBodySchema } from "./http-error.js";
import { JobViewSchema } from "./routes/jobs.js";
import { startTestServer, type TestServer } from "./test-server.js";

const HTML = sharedPath("corpora/html/gfm-rag/config/kg_index_config/index.html");
const LABELS: NodeLabel[] = ["Document", "Section", "Chunk", "Table", "Figure", "CodeSymbol", "LinkRef"];

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer({}, { samples: true });
}, 180_000);
afterAll(async () => ts?.close());

/** Form posts need it (see middleware/cross-site-writes.ts). */
const FORM_HEADERS = { "x-requested-with": "test" };
const upload = (name: string, bytes: Uint8Array | string) => {
  const form = new FormData();
  form.append("file", new Blob([bytes]), name);
  return fetch(`${ts.url}/v1/documents`, { method: "POST", body: form, headers: FORM_HEADERS });
};

/** Polls GET /v1/jobs/:id until the job ends; returns the last view and every phase seen. */
async function finished(jobId: string, query = "") {
  const phases = new Set<string>();
  for (const until = Date.now() + 120_000; Date.now() < until; ) {
    const r = await ts.json(`/v1/jobs/${jobId}${query}`);
    expect(r.status).toBe(200);
    const job = JobViewSchema.parse(r.body);
    phases.add(job.progress.phase);
    if (job.status === "succeeded" || job.status === "failed") return { job, phases };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`job ${jobId} did not finish`);
}

/** Every node id each document owns, by document. */
async function nodesByDoc(): Promise<Map<string, string[]>> {
  const store = ts.ctx.engine().store;
  const out = new Map<string, string[]>();
  for (const d of await store.listDocuments()) {
    const ids = [];
    for (const label of LABELS)
      ids.push(...(await store.findNodes({ label, doc_id: d.id })).map((n) => n.id));
    out.set(d.id, ids.sort());
  }
  return out;
}

const errorCode = async (res: Response) => ErrorBodySchema.parse(await res.json()).error.code;

describe("documents: upload → job → list → delete", () => {
  let docId = "";
  let before: Map<string, string[]>;

  it("a multipart upload is accepted as a job that reports progress and per-chunk status", async () => {
    before = await nodesByDoc();
    const res = await upload("index.html", readFileSync(HTML));
    expect(res.status).toBe(202);
    const accepted = (await res.json()) as { job_id: string; href: string; files: { path: string }[] };
    expect(accepted.href).toBe(`/v1/jobs/${accepted.job_id}`);
    expect(accepted.files[0]?.path.startsWith(join(ts.ctx.engine().dataDir, "uploads") + sep)).toBe(true);

    const { job, phases } = await finished(accepted.job_id);
    expect(job.status).toBe("succeeded");
    expect(job.attempts).toBe(1);
    expect(phases.has("done")).toBe(true);
    expect(job.progress).toMatchObject({ phase: "done", files_done: 1, files_total: 1 });
    expect(job.report).toMatchObject({ ingested: 1, skipped: 0, failed: [], chunks_failed: 0 });
    const written = job.report?.chunks_written ?? 0;
    expect(written).toBeGreaterThan(0);
    expect(job.report?.chunks_processed).toBe(written);
    expect(job.progress.chunks_done).toBe(written);
    const doc = job.documents[0];
    expect(doc?.doc_id).toMatch(/^doc:/);
    docId = doc?.doc_id ?? "";
    expect(doc?.chunks).toEqual({ PENDING: 0, PROCESSED: written, FAILED: 0 });
    expect(doc?.chunk_states).toEqual([]); // only failed chunks without ?chunks=1

    const all = (await finished(accepted.job_id, "?chunks=1")).job.documents[0]?.chunk_states ?? [];
    expect(all).toHaveLength(written);
    expect(all.every((c) => c.status === "PROCESSED" && c.retry_count === 0)).toBe(true);
    expect(all.map((c) => c.seq)).toEqual([...all.map((c) => c.seq)].sort((a, b) => a - b));
    const stored = await ts.ctx.engine().store.findNodes({ label: "Chunk", doc_id: docId });
    expect(all.map((c) => c.chunk_id).sort()).toEqual(stored.map((c) => c.id).sort());

    const list = (await ts.json("/v1/documents")).body as {
      documents: { doc_id: string; kind: string; chunks: number }[];
    };
    expect(list.documents).toHaveLength(5);
    expect(list.documents.find((d) => d.doc_id === docId)).toMatchObject({ kind: "html", chunks: written });
    const jobs = (await ts.json("/v1/jobs")).body as { jobs: { id: string }[] };
    expect(jobs.jobs[0]?.id).toBe(accepted.job_id);
  }, 150_000);

  it("re-uploading the same bytes is a job that skips the file: no duplicate document", async () => {
    const res = await upload("index.html", readFileSync(HTML));
    expect(res.status).toBe(202);
    const { job } = await finished(((await res.json()) as { job_id: string }).job_id);
    expect(job.status).toBe("succeeded");
    expect(job.report).toMatchObject({ ingested: 0, skipped: 1, chunks_written: 0 });
    expect(job.documents[0]?.doc_id).toBe(docId);
    expect(await ts.ctx.engine().store.listDocuments()).toHaveLength(5);
  }, 150_000);

  it("DELETE removes that document's nodes and edges, leaves every other document's as it was", async () => {
    const store = ts.ctx.engine().store;
    expect((await nodesByDoc()).get(docId)?.length).toBeGreaterThan(0);
    const del = await ts.json(`/v1/documents/${encodeURIComponent(docId)}`, { method: "DELETE" });
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ deleted: docId });
    expect(await nodesByDoc()).toEqual(before);
    expect(await store.findEdges({ doc_id: docId })).toEqual([]);
    expect(await store.pruneOrphans("Entity")).toBe(0); // its own entities went with it
    expect((await ts.json(`/v1/graph/nodes/${encodeURIComponent(docId)}`)).status).toBe(404);
    const list = (await ts.json("/v1/documents")).body as { documents: { doc_id: string }[] };
    expect(list.documents.map((d) => d.doc_id)).not.toContain(docId);
    const again = await ts.json(`/v1/documents/${encodeURIComponent(docId)}`, { method: "DELETE" });
    expect(again.status).toBe(404);
    expect(ErrorBodySchema.parse(again.body).error.code).toBe("not_found");
  });
});

describe("documents: server paths and refused uploads", () => {
  it("a path inside the ingest root is a job; outside, `..` and symlink escapes are 403", async () => {
    const root = ts.config.httpIngestRoots[0] ?? "";
    const inside = join(root, "config.html");
    copyFileSync(sharedPath("corpora/html/gfm-rag/config/index.html"), inside);
    const ok = await ts.json("/v1/documents", { body: { paths: [inside] } });
    expect(ok.status).toBe(202);
    const { job } = await finished((ok.body as { job_id: string }).job_id);
    expect(job.report).toMatchObject({ ingested: 1, failed: [] });
    expect(job.documents[0]).toMatchObject({ name: "config.html", path: inside });

    symlinkSync(sharedPath("corpora/html/gfm-rag"), join(root, "linked"));
    const refused = [
      HTML,
      join(root, "..", "graph.db"),
      join(root, "..", "in", "..", "graph.db"),
      join(root, "linked"),
    ];
    for (const path of refused) {
      const r = await ts.json("/v1/documents", { body: { paths: [path] } });
      expect(r.status, path).toBe(403);
      expect(ErrorBodySchema.parse(r.body).error.code).toBe("forbidden");
    }
    const missing = await ts.json("/v1/documents", { body: { paths: [join(root, "nope.md")] } });
    expect(missing.status).toBe(400);
  }, 150_000);

  it("an unsupported extension, an empty file and a form without a file are 400", async () => {
    const jobs = ((await ts.json("/v1/jobs")).body as { jobs: unknown[] }).jobs.length;
    expect(await errorCode(await upload("tool.exe", "MZ\u0090\u0000"))).toBe("unsupported_type");
    expect(await errorCode(await upload("noext", "text"))).toBe("unsupported_type");
    expect(await errorCode(await upload("empty.md", ""))).toBe("empty");
    const form = new FormData();
    form.append("note", "no file here");
    const none = await fetch(`${ts.url}/v1/documents`, { method: "POST", body: form, headers: FORM_HEADERS });
    expect(none.status).toBe(400);
    expect(await errorCode(none)).toBe("no_file");
    expect(((await ts.json("/v1/jobs")).body as { jobs: unknown[] }).jobs).toHaveLength(jobs);
  });

  it("one upload of two different files that share a name keeps both documents", async () => {
    const docs = (await ts.ctx.engine().store.listDocuments()).length;
    const form = new FormData();
    for (const page of ["install", "CHANGELOG"])
      form.append(
        "file",
        new Blob([readFileSync(sharedPath(`corpora/html/gfm-rag/${page}/index.html`))]),
        "index.html",
      );
    const res = await fetch(`${ts.url}/v1/documents`, { method: "POST", body: form, headers: FORM_HEADERS });
    expect(res.status).toBe(202);
    const { job } = await finished(((await res.json()) as { job_id: string }).job_id);
    expect(job.report).toMatchObject({ ingested: 2, skipped: 0, failed: [] });
    expect(new Set(job.files.map((f) => f.path)).size).toBe(2);
    expect(new Set(job.documents.map((d) => d.doc_id)).size).toBe(2);
    expect(await ts.ctx.engine().store.listDocuments()).toHaveLength(docs + 2);
  }, 150_000);

  it("a folder path job lists each document under it with its chunk counts", async () => {
    const jobs = ((await ts.json("/v1/jobs")).body as { jobs: { id: string; source: string }[] }).jobs;
    const samples = jobs.at(-1); // startTestServer's ingest of samples/markdown, the first job
    expect(samples?.source).toBe("path");
    const { job } = await finished(samples?.id ?? "");
    expect(job.documents).toHaveLength(4);
    expect(job.documents.every((d) => d.doc_id !== null && d.path.endsWith(".mdx"))).toBe(true);
    const chunks = job.documents.reduce((n, d) => n + d.chunks.PROCESSED, 0);
    expect(chunks).toBe(job.report?.chunks_written);
  });

  it("unknown jobs are 404, malformed job ids 400", async () => {
    expect((await ts.json(`/v1/jobs/job_${"0".repeat(20)}`)).status).toBe(404);
    expect((await ts.json("/v1/jobs/not-a-job")).status).toBe(400);
  });
});
