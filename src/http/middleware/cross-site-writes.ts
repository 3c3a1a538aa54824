import type { MiddlewareHandler } from "hono";
import { HttpError } from "../http-error.js";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/** The body types a cross-site HTML form or a no-cors fetch may send without a CORS preflight. */
const SIMPLE_TYPES = new Set(["", "application/x-www-form-urlencoded", "multipart/form-data", "text/plain"]);

/** The header the web UI sends with every call; any non-safelisted header forces a preflight. */
export const CSRF_HEADER = "X-Requested-With";

/** Origin (scheme://host[:port]) → host[:port] as a Host header spells it, or undefined (`null`, garbage). */
function originHost(origin: string): string | undefined {
  try {
    const url = new URL(origin);
    return url.protocol === "http:" || url.protocol === "https:" ? url.host : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Cross-site request forgery guard for state-changing requests (every method but GET, HEAD,
 * OPTIONS). A browser names the page's origin in `Origin`: it must be this server's own (the
 * UI) or one of the CORS origins, else 403. And since a page can POST a form (multipart, text,
 * urlencoded) to any site without asking first, such a POST must also carry X-Requested-With or
 * Authorization, headers a browser only sends cross-site after a CORS preflight this server
 * answers for its allowed origins only. JSON bodies and clients that send no Origin (curl, the
 * OpenAI SDKs) pass unchanged.
 */
export function crossSiteWrites(corsOrigins: readonly string[]): MiddlewareHandler {
  const anyOrigin = corsOrigins.includes("*");
  const listed = new Set(corsOrigins.map((o) => o.replace(/\/$/, "").toLowerCase()));
  return async (c, next) => {
    const method = c.req.method;
    if (SAFE_METHODS.has(method)) return next();
    const origin = c.req.header("origin");
    if (origin !== undefined && !anyOrigin && !listed.has(origin.toLowerCase())) {
      const host = originHost(origin);
      if (host === undefined || host !== c.req.header("host")?.toLowerCase())
        throw new HttpError(
          403,
          "forbidden_origin",
          "writes from another site's page are refused; list its origin in AGR_HTTP_CORS_ORIGINS to allow it",
        );
    }
    const type = (c.req.header("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
    if (
      method === "POST" &&
      SIMPLE_TYPES.has(type) &&
      c.req.header(CSRF_HEADER) === undefined &&
      c.req.header("authorization") === undefined
    )
      throw new HttpError(
        403,
        "simple_request",
        `a POST with a form, text or empty body needs the ${CSRF_HEADER} header (any value) or an API key; JSON bodies need neither`,
      );
    return next();
  };
}
