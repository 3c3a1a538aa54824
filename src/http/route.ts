import type { Context, Hono } from "hono";
import type { z } from "zod";
import type { AppEnv } from "./app-env.js";
import { describeIssues, HttpError } from "./http-error.js";

type Method = "get" | "post" | "delete";

/** One API operation: its schemas validate the request and document it in /openapi.json. */
export interface RouteSpec<B extends z.ZodType, Q extends z.ZodType, P extends z.ZodType> {
  method: Method;
  /** Hono path, e.g. /v1/jobs/:id. */
  path: string;
  summary: string;
  tag: string;
  body?: B;
  /** Request body content type for the OpenAPI document (default application/json). */
  bodyType?: "application/json" | "multipart/form-data";
  query?: Q;
  params?: P;
  responses: Record<number, { description: string; schema?: z.ZodType; stream?: boolean }>;
  /** Public: no API key (health, readiness, the OpenAPI document). */
  open?: boolean;
  /** Usable before the engine is ready. */
  beforeReady?: boolean;
  handler: (
    c: Context<AppEnv>,
    input: { body: z.output<B>; query: z.output<Q>; params: z.output<P> },
  ) => Response | Promise<Response>;
}

export type AnyRoute = RouteSpec<z.ZodType, z.ZodType, z.ZodType>;

/** Typed constructor: the handler sees the parsed types of the schemas it declares. */
export function defineRoute<
  B extends z.ZodType = z.ZodUndefined,
  Q extends z.ZodType = z.ZodUndefined,
  P extends z.ZodType = z.ZodUndefined,
>(spec: RouteSpec<B, Q, P>): AnyRoute {
  return spec as unknown as AnyRoute;
}

/** Registers routes on the app with validation in front of each handler. */
export function mountRoutes(app: Hono<AppEnv>, routes: readonly AnyRoute[]): void {
  for (const r of routes) {
    app.on(r.method.toUpperCase(), r.path, async (c) => {
      const params = r.params ? parse(r.params, c.req.param(), "invalid_params") : undefined;
      const query = r.query ? parse(r.query, c.req.query(), "invalid_query") : undefined;
      const body =
        r.body && r.bodyType !== "multipart/form-data"
          ? parse(r.body, await jsonBody(c), "invalid_request")
          : undefined;
      if (r.bodyType === "multipart/form-data") await checkMultipart(c);
      return r.handler(c, { body, query, params });
    });
  }
}

function parse<T>(schema: z.ZodType<T>, value: unknown, code: string): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new HttpError(400, code, describeIssues(parsed.error));
  return parsed.data;
}

/**
 * A multipart body that does not parse (no boundary, truncated part) is the client's fault: 400,
 * not the TypeError Request.formData() throws. Hono caches the parsed form, so the handler's
 * parseBody reads it without a second parse.
 */
async function checkMultipart(c: Context): Promise<void> {
  if (!/^multipart\/form-data\b/i.test(c.req.header("content-type") ?? "")) return;
  try {
    await c.req.formData();
  } catch {
    throw new HttpError(400, "bad_multipart", "the multipart/form-data body does not parse");
  }
}

async function jsonBody(c: Context): Promise<unknown> {
  const type = c.req.header("content-type") ?? "";
  if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(type))
    throw new HttpError(415, "unsupported_media_type", "send the body as application/json");
  const text = await c.req.text();
  if (text.trim() === "") throw new HttpError(400, "bad_json", "the request body is empty");
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, "bad_json", "the request body is not valid JSON");
  }
}
