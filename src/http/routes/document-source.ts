import { open } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import type { DocumentKind } from "../../domain/document.js";
import type { ServerContext } from "../app-env.js";
import { ErrorBodySchema, HttpError } from "../http-error.js";
import { defineRoute } from "../route.js";

/**
 * Only PDFs keep their own type (pdf.js in the UI reads them); every other kind goes out as
 * plain text, so a stored HTML page can never run script in the UI's origin.
 */
const TYPES: Record<DocumentKind, string> = {
  pdf: "application/pdf",
  markdown: "text/plain; charset=utf-8",
  html: "text/plain; charset=utf-8",
  text: "text/plain; charset=utf-8",
  jsonl: "text/plain; charset=utf-8",
  docx: "application/octet-stream",
};

/** GET /v1/documents/:id/source: the bytes of a stored document's file (for the UI's PDF viewer). */
export function documentSourceRoutes(ctx: ServerContext) {
  return [
    defineRoute({
      method: "get",
      path: "/v1/documents/:id/source",
      summary:
        "The source file of a stored document (PDF as application/pdf, text formats as text/plain); only files the store names",
      tag: "documents",
      params: z.object({ id: z.string().min(1).max(512) }),
      responses: {
        200: { description: "the file's bytes" },
        404: {
          description: "no such document, not a local file, or the file is gone",
          schema: ErrorBodySchema,
        },
      },
      handler: async (c, { params }) => {
        const { store, config } = ctx.engine();
        // The path comes from the stored Document node, never from the request: nothing else is reachable.
        const doc = await store.getNode(params.id);
        if (doc?.label !== "Document") throw new HttpError(404, "not_found", `no document ${params.id}`);
        if (!doc.uri.startsWith("file:"))
          throw new HttpError(404, "not_local", `${doc.title}: its source is not a local file`);
        const file = await open(fileURLToPath(doc.uri), "r").catch(() => {
          throw new HttpError(404, "source_gone", `${doc.title}: the source file is no longer there`);
        });
        try {
          const info = await file.stat();
          if (!info.isFile() || info.size > config.maxFileMb * 1024 * 1024)
            throw new HttpError(404, "source_gone", `${doc.title}: the source is not a readable file`);
          const bytes = await file.readFile();
          return c.body(new Uint8Array(bytes), 200, {
            "content-type": TYPES[doc.kind],
            "content-disposition": "inline",
            "x-content-type-options": "nosniff",
            "content-security-policy": "sandbox; default-src 'none'",
            "cache-control": "private, max-age=60",
          });
        } finally {
          await file.close();
        }
      },
    }),
  ];
}
