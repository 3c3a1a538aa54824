import { getConnInfo } from "@hono/node-server/conninfo";
import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { cors } from "hono/cors";
import type { AppEnv, ServerContext } from "./app-env.js";
import { HttpError, sendError } from "./http-error.js";
import { allowedHost } from "./middleware/allowed-host.js";
import { apiKeyAuth } from "./middleware/auth.js";
import { CSRF_HEADER, crossSiteWrites } from "./middleware/cross-site-writes.js";
import { deadline } from "./middleware/deadline.js";
import { rateLimit, TokenBuckets } from "./middleware/rate-limit.js";
import { buildOpenApi } from "./openapi.js";
import { type AnyRoute, defineRoute, mountRoutes } from "./route.js";
import { chatRoutes } from "./routes/chat.js";
import { documentSourceRoutes } from "./routes/document-source.js";
import { documentRoutes } from "./routes/documents.js";
import { evalRoutes } from "./routes/evals.js";
import { feedbackRoutes } from "./routes/feedback.js";
import { graphRoutes } from "./routes/graph.js";
import { graphSearchRoutes } from "./routes/graph-search.js";
import { healthRoutes } from "./routes/health.js";
import { jobRoutes } from "./routes/jobs.js";
import { MCP_PATH, mountMcp } from "./routes/mcp.js";
import { metricsRoutes } from "./routes/metrics.js";
import { queryRoutes } from "./routes/query.js";
import { retrieveRoutes } from "./routes/retrieve.js";
import { settingsRoutes } from "./routes/settings.js";
import { statsRoutes } from "./routes/stats.js";
import { workspaceRoutes } from "./routes/workspaces.js";
import { isApiPath, serveUi } from "./static-ui.js";
import { WORKSPACE_HEADER } from "./workspace-dispatch.js";

export const API_VERSION = "0.1.0";

/** Every route of the API, in the order the OpenAPI document lists them. */
export function apiRoutes(ctx: ServerContext): AnyRoute[] {
  return [
    ...healthRoutes(ctx),
    ...queryRoutes(ctx),
    ...retrieveRoutes(ctx),
    ...chatRoutes(ctx),
    ...feedbackRoutes(ctx),
    ...documentRoutes(ctx),
    ...documentSourceRoutes(ctx),
    ...jobRoutes(ctx),
    ...graphRoutes(ctx),
    ...graphSearchRoutes(ctx),
    ...statsRoutes(ctx),
    ...settingsRoutes(ctx),
    ...evalRoutes(ctx),
    ...metricsRoutes(ctx),
    ...workspaceRoutes(ctx),
  ];
}

/**
 * The Hono app: Host check → CORS → cross-site write check → auth → rate limit → deadline → body limit → validated routes. Every
 * failure, thrown anywhere, leaves as {"error": {"code", "message"}} with its status.
 */
export function createApp(ctx: ServerContext): Hono<AppEnv> {
  const { config } = ctx;
  const routes = apiRoutes(ctx);
  const openapi = defineRoute({
    method: "get",
    path: "/openapi.json",
    summary: "This document",
    tag: "operations",
    open: true,
    beforeReady: true,
    responses: { 200: { description: "OpenAPI 3.1" } },
    handler: (c) => c.json(doc),
  });
  const all = [...routes, openapi];
  const doc = buildOpenApi(all, { version: API_VERSION, auth: config.httpApiKeys.length > 0 });
  const openPaths = new Set(all.filter((r) => r.open).map((r) => r.path));
  // API routes outside /v1 (GET /metrics) need the key too; other non-/v1 paths are the UI's files.
  const keyedPaths = new Set(all.filter((r) => !r.open).map((r) => r.path));

  const app = new Hono<AppEnv>();
  app.use("*", allowedHost(config.httpHost, config.httpAllowedHosts));
  if (config.httpCorsOrigins.length)
    app.use(
      "*",
      cors({
        origin: config.httpCorsOrigins.includes("*") ? "*" : config.httpCorsOrigins,
        // mcp-protocol-version: a browser MCP client sends it on every request to /mcp after the handshake.
        allowHeaders: [
          "Authorization",
          "Content-Type",
          CSRF_HEADER,
          WORKSPACE_HEADER,
          "mcp-protocol-version",
        ],
        allowMethods: ["GET", "POST", "DELETE", "OPTIONS"],
        exposeHeaders: ["x-trace-id", "retry-after"],
        maxAge: 600,
      }),
    );
  app.use("*", crossSiteWrites(config.httpCorsOrigins));
  // The rate limit's client: the verified key, else the address (which also pays for refused keys).
  const buckets = new TokenBuckets(config.httpRateLimit);
  const byAddress = (c: Context<AppEnv>) => `a:${clientAddress(c)}`;
  app.use(
    "*",
    // The UI's static files are public; the API calls it makes carry the key.
    apiKeyAuth(
      config.httpApiKeys,
      (path) => openPaths.has(path) || (!isApiPath(path) && !keyedPaths.has(path)),
      (c) => buckets.take(byAddress(c)),
    ),
  );
  const limited = rateLimit(buckets, (c) => {
    const key = c.get("apiKeyId");
    return key ? `k:${key}` : byAddress(c);
  });
  app.use("/v1/*", limited);
  app.use(MCP_PATH, limited);
  app.use("*", deadline(config.httpTimeoutMs));
  // The rest of a refused body is never read, so the connection cannot carry another request:
  // say so, or a keep-alive client reuses a socket the server is about to drop.
  const tooLarge = (limit: number) => () => {
    throw new HttpError(413, "too_large", `the request body is larger than ${Math.round(limit / 1024)} KiB`, {
      connection: "close",
    });
  };
  const uploadLimit = config.maxFileMb * 1024 * 1024 + 1024 * 1024;
  const jsonLimit = config.httpMaxBodyKb * 1024;
  app.use("*", async (c, next) => {
    // Only an upload gets the file-sized limit; JSON {paths} to the same route is a small body.
    const upload =
      c.req.path === "/v1/documents" &&
      c.req.method === "POST" &&
      /^multipart\/form-data\b/i.test(c.req.header("content-type") ?? "");
    const limit = upload ? uploadLimit : jsonLimit;
    return bodyLimit({ maxSize: limit, onError: tooLarge(limit) })(c, next);
  });
  mountRoutes(app, all);
  mountMcp(app, ctx); // MCP over streamable HTTP (routes/mcp.ts), behind the same middleware as /v1
  app.use("*", serveUi());
  app.notFound((c) =>
    sendError(c, new HttpError(404, "not_found", `no route ${c.req.method} ${c.req.path}`)),
  );
  app.onError((error, c) => sendError(c, error));
  return app;
}

function clientAddress(c: Context<AppEnv>): string {
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown";
  }
}
