import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { z } from "zod";
import { AgrError } from "../errors.js";

/** Every error the API returns, whatever the route: a public contract. */
export const ErrorBodySchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** An error with its HTTP status; the message is shown to the client, so it never carries internals. */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** Engine error codes whose status is more specific than their kind's. */
const STATUS_BY_CODE: Record<string, ContentfulStatusCode> = {
  too_large: 413,
  shutting_down: 503,
  not_ready: 503,
  vector_model_mismatch: 409,
};
const STATUS_BY_KIND: Record<AgrError["kind"], ContentfulStatusCode> = {
  user: 400,
  not_found: 404,
  upstream: 502,
  internal: 500,
};

/** Any thrown value → status and body. Unknown errors become a bare 500: no stack trace, no query text. */
export function errorResponse(error: unknown): {
  status: ContentfulStatusCode;
  body: ErrorBody;
  headers: Record<string, string>;
} {
  if (error instanceof HttpError)
    return { status: error.status, body: body(error.code, error.message), headers: error.headers };
  // Hono's own 4xx (a middleware refusing a request): keep the status, in our envelope.
  if (error instanceof HTTPException && error.status < 500)
    return {
      status: error.status,
      body: body("bad_request", firstLine(error.message) || "bad request"),
      headers: {},
    };
  if (error instanceof AgrError) {
    const status = STATUS_BY_CODE[error.code] ?? STATUS_BY_KIND[error.kind];
    const message = status >= 500 && error.kind === "internal" ? "internal error" : firstLine(error.message);
    return { status, body: body(error.code, message), headers: {} };
  }
  return { status: 500, body: body("internal", "internal error"), headers: {} };
}

export function sendError(c: Context, error: unknown): Response {
  const { status, body: b, headers } = errorResponse(error);
  for (const [k, v] of Object.entries(headers)) c.header(k, v);
  return c.json(b, status);
}

const body = (code: string, message: string): ErrorBody => ({ error: { code, message } });
const firstLine = (s: string) => (s.split("\n")[0] ?? "").slice(0, 500);

/**
 * zod issues → one readable line naming the field. Paths and messages echo client input (a
 * deep path, a megabyte-long unknown key), so each is capped.
 */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((i) => `${clip(i.path.length ? i.path.join(".") : "body", 120)}: ${clip(i.message, 300)}`)
    .join("; ");
}

const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);
