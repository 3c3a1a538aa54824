import { basename } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { z } from "zod";
import { ChunkStatusSchema } from "../../domain/chunk.js";
import type { DocumentNode } from "../../domain/document.js";
import type { Job } from "../../service/job-store.js";
import { JobSchema } from "../../service/job-store.js";
import type { GraphStore } from "../../store/graph-store.js";
import type { ServerContext } from "../app-env.js";
import { ErrorBodySchema, HttpError } from "../http-error.js";
import { defineRoute } from "../route.js";

const ChunkStateSchema = z.object({
  chunk_id: z.string(),
  seq: z.number().int().nonnegative(),
  status: ChunkStatusSchema,
  retry_count: z.number().int().nonnegative(),
  error: z.string().optional(),
});

const JobDocumentSchema = z.object({
  name: z.string(),
  path: z.string(),
  /** null until the file's structure is written (or when it failed to parse). */
  doc_id: z.string().nullable(),
  chunks: z.record(ChunkStatusSchema, z.number().int().nonnegative()),
  /** Every chunk with ?chunks=1, else only the FAILED ones. */
  chunk_states: z.array(ChunkStateSchema),
});

export const JobViewSchema = JobSchema.extend({ documents: z.array(JobDocumentSchema) });

/** GET /v1/jobs/:id (progress, per-document and per-chunk status) and GET /v1/jobs. */
export function jobRoutes(ctx: ServerContext) {
  return [
    defineRoute({
      method: "get",
      path: "/v1/jobs/:id",
      summary:
        "An ingest job: progress, report, and per-document, per-chunk status (?chunks=1 lists every chunk)",
      tag: "documents",
      params: z.object({ id: JobSchema.shape.id }),
      query: z.object({ chunks: z.enum(["0", "1"]).default("0") }),
      responses: {
        200: { description: "the job", schema: JobViewSchema },
        404: { description: "no such job", schema: ErrorBodySchema },
      },
      handler: async (c, { params, query }) => {
        const engine = ctx.engine();
        const job = engine.jobs.get(params.id);
        if (!job) throw new HttpError(404, "not_found", `no job ${params.id}`);
        return c.json({ ...job, documents: await documentsOf(engine.store, job, query.chunks === "1") });
      },
    }),
    defineRoute({
      method: "get",
      path: "/v1/jobs",
      summary: "All ingest jobs, newest first",
      tag: "documents",
      responses: { 200: { description: "jobs", schema: z.object({ jobs: z.array(JobSchema) }) } },
      handler: (c) => c.json({ jobs: ctx.engine().jobs.list().reverse() }),
    }),
  ];
}

/**
 * One entry per document the job's files name; a folder (path ingest) expands to the documents
 * stored under it, so its per-document counts show too. A file not (yet) stored has doc_id null.
 */
async function documentsOf(store: GraphStore, job: Job, all: boolean) {
  const stored = await store.listDocuments();
  const entries = job.files.flatMap((f): { name: string; path: string; doc?: DocumentNode }[] => {
    const url = pathToFileURL(f.path).href;
    const docs = stored.filter((d) => d.uri === url || d.uri.startsWith(`${url}/`));
    if (docs.length === 0) return [{ name: f.name, path: f.path }];
    return docs.map((doc) => {
      const path = fileURLToPath(doc.uri);
      return { name: doc.uri === url ? f.name : basename(path), path, doc };
    });
  });
  return Promise.all(
    entries.map(async ({ name, path, doc }) => {
      const chunks = doc ? await store.findNodes({ label: "Chunk", doc_id: doc.id }) : [];
      const counts = { PENDING: 0, PROCESSED: 0, FAILED: 0 };
      for (const ch of chunks) counts[ch.status]++;
      return {
        name,
        path,
        doc_id: doc?.id ?? null,
        chunks: counts,
        chunk_states: chunks
          .filter((ch) => all || ch.status === "FAILED")
          .sort((a, b) => a.seq - b.seq)
          .map((ch) => ({
            chunk_id: ch.id,
            seq: ch.seq,
            status: ch.status,
            retry_count: ch.retry_count,
            ...(ch.error ? { error: ch.error } : {}),
          })),
      };
    }),
  );
}
