import { createHash } from "node:crypto";
import { mkdirSync } from "node:fs";
import { lstat, realpath, rename, stat, writeFile } from "node:fs/promises";
import { basename, dirname, extname, join, resolve, sep } from "node:path";
import { z } from "zod";
import { SUPPORTED_EXTENSIONS } from "../../ingest/loader-registry.js";
import { collectStats } from "../../ingest/stats-report.js";
import { JobSchema } from "../../service/job-store.js";
import type { ServerContext } from "../app-env.js";
import { ErrorBodySchema, HttpError } from "../http-error.js";
import { defineRoute } from "../route.js";
import { DocumentStatsSchema } from "./stats.js";

export const PathIngestSchema = z.strictObject({
  paths: z.array(z.string().min(1).max(4096)).min(1).max(1000),
});

const AcceptedSchema = z.object({
  job_id: z.string(),
  status: JobSchema.shape.status,
  files: JobSchema.shape.files,
  href: z.string(),
});

/** POST /v1/documents (upload or allowed server path → background job), GET /v1/documents, DELETE /v1/documents/:id. */
export function documentRoutes(ctx: ServerContext) {
  return [
    defineRoute({
      method: "post",
      path: "/v1/documents",
      summary:
        "Ingest documents in the background: multipart upload (field `file`, repeatable) or JSON {paths} under AGR_HTTP_INGEST_ROOTS; returns a job id",
      tag: "documents",
      body: PathIngestSchema,
      bodyType: "multipart/form-data",
      responses: {
        202: { description: "job accepted", schema: AcceptedSchema },
        400: { description: "no file, empty file, unsupported type, bad path", schema: ErrorBodySchema },
        403: { description: "path outside the allowed roots", schema: ErrorBodySchema },
        413: { description: "upload too large", schema: ErrorBodySchema },
      },
      handler: async (c) => {
        const engine = ctx.engine();
        const type = c.req.header("content-type") ?? "";
        const files = /^multipart\/form-data/i.test(type)
          ? await saveUploads(await c.req.parseBody({ all: true }), engine.dataDir, engine.config.maxFileMb)
          : await allowedPaths(await jsonPaths(c.req.raw), engine.config.httpIngestRoots);
        const job = engine.jobs.submit(/^multipart/i.test(type) ? "upload" : "path", files);
        return c.json(
          { job_id: job.id, status: job.status, files: job.files, href: `/v1/jobs/${job.id}` },
          202,
        );
      },
    }),
    defineRoute({
      method: "get",
      path: "/v1/documents",
      summary: "Every document with its counts",
      tag: "documents",
      responses: {
        200: { description: "documents", schema: z.object({ documents: z.array(DocumentStatsSchema) }) },
      },
      handler: async (c) => c.json({ documents: (await collectStats(ctx.engine().store)).documents }),
    }),
    defineRoute({
      method: "delete",
      path: "/v1/documents/:id",
      summary: "Remove one document's nodes and edges (entities no other document mentions go too)",
      tag: "documents",
      params: z.object({ id: z.string().min(1).max(512) }),
      responses: {
        200: { description: "deleted", schema: z.object({ deleted: z.string() }) },
        404: { description: "no such document", schema: ErrorBodySchema },
      },
      handler: async (c, { params }) => {
        if (!(await ctx.engine().deleteDocument(params.id)))
          throw new HttpError(404, "not_found", `no document ${params.id}`);
        return c.json({ deleted: params.id });
      },
    }),
  ];
}

type Parsed = Record<string, string | File | (string | File)[]>;

/**
 * Writes each uploaded file to <data>/uploads/<content hash>/<name> (write, then rename: a crash
 * never leaves half a file). The hash folder keeps two different files of one name (every
 * site's index.html) apart, and gives the same bytes the same path, so a re-upload is skipped.
 */
async function saveUploads(form: Parsed, dataDir: string, maxFileMb: number) {
  const given = form.file ?? form["file[]"] ?? form.files;
  const files = (Array.isArray(given) ? given : given ? [given] : []).filter(
    (f): f is File => typeof f !== "string",
  );
  if (files.length === 0)
    throw new HttpError(400, "no_file", "send the document in a multipart field named `file`");
  const checked = files.map((f) => {
    const name = safeName(f.name);
    if (f.size === 0) throw new HttpError(400, "empty", `${name}: empty file`);
    if (f.size > maxFileMb * 1024 * 1024)
      throw new HttpError(413, "too_large", `${name}: larger than ${maxFileMb} MB (AGR_MAX_FILE_MB)`);
    return { f, name };
  });
  const out = [];
  for (const { f, name } of checked) {
    const bytes = new Uint8Array(await f.arrayBuffer());
    const dir = join(dataDir, "uploads", createHash("sha256").update(bytes).digest("hex").slice(0, 20));
    mkdirSync(dir, { recursive: true });
    const path = join(dir, name);
    const tmp = `${path}.${process.pid}.${Date.now()}.part`;
    await writeFile(tmp, bytes);
    await rename(tmp, path);
    out.push({ name, path, bytes: f.size });
  }
  return out;
}

/** A file name safe to write: no folders, no control or shell-special characters, a supported extension. */
export function safeName(raw: string): string {
  const base = basename(raw.replaceAll("\\", "/")).normalize("NFC");
  const name = base
    .replace(/[^\p{L}\p{N}._ -]/gu, "_")
    .replace(/^[.\s]+/, "")
    .slice(-180);
  const ext = extname(name).toLowerCase();
  if (!name || !SUPPORTED_EXTENSIONS.includes(ext))
    throw new HttpError(
      400,
      "unsupported_type",
      `unsupported file type ${ext || "(no extension)"}; supported: ${SUPPORTED_EXTENSIONS.join(" ")}`,
    );
  return name;
}

async function jsonPaths(req: Request): Promise<string[]> {
  const type = req.headers.get("content-type") ?? "";
  if (!/^application\/json\b/i.test(type))
    throw new HttpError(
      415,
      "unsupported_media_type",
      "send multipart/form-data (upload) or application/json {paths}",
    );
  let json: unknown;
  try {
    json = JSON.parse(await req.text());
  } catch {
    throw new HttpError(400, "bad_json", "the request body is not valid JSON");
  }
  const parsed = PathIngestSchema.safeParse(json);
  if (!parsed.success)
    throw new HttpError(400, "invalid_request", parsed.error.issues[0]?.message ?? "invalid");
  return parsed.data.paths;
}

/**
 * Server paths only inside a configured root, after resolving symlinks (no `..` or link escapes).
 * Whatever lies outside the roots gets one answer, 403, whether it exists or not, so the route
 * cannot be used to probe the server's disk; "no such file" (400) is said only of a missing path
 * whose nearest existing folder, links followed, is inside a root.
 */
export async function allowedPaths(paths: readonly string[], roots: readonly string[]) {
  if (roots.length === 0)
    throw new HttpError(
      403,
      "forbidden",
      "server-side paths are disabled: set AGR_HTTP_INGEST_ROOTS, or upload the file",
    );
  const realRoots = await Promise.all(roots.map((r) => realpath(resolve(r)).catch(() => resolve(r))));
  const inside = (real: string) => realRoots.some((r) => real === r || real.startsWith(r + sep));
  const out = [];
  for (const p of paths) {
    const outside = new HttpError(403, "forbidden", `${basename(p)}: outside the allowed ingest roots`);
    const abs = resolve(p);
    const real = await realpath(abs).catch(() => undefined);
    if (real === undefined) {
      // A dangling link points who knows where; else judge the missing path by its folder.
      if (
        await lstat(abs).then(
          (s) => s.isSymbolicLink(),
          () => false,
        )
      )
        throw outside;
      if (inside(await nearestReal(dirname(abs))))
        throw new HttpError(400, "bad_path", `${basename(p)}: no such file or folder`);
      throw outside;
    }
    if (!inside(real)) throw outside;
    const info = await stat(real);
    out.push({ name: basename(real), path: real, bytes: info.isFile() ? info.size : 0 });
  }
  return out;
}

/** The real path of `dir` or of its nearest existing ancestor. */
async function nearestReal(dir: string): Promise<string> {
  for (let d = dir; ; d = dirname(d)) {
    const real = await realpath(d).catch(() => undefined);
    if (real !== undefined || d === dirname(d)) return real ?? d;
  }
}
