import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { Hono } from "hono";
import { createMcpServer } from "../../mcp/mcp-server.js";
import type { AppEnv, ServerContext } from "../app-env.js";
import { HttpError } from "../http-error.js";

/** Where the MCP endpoint lives; static-ui.ts counts it as API (key required, never the UI). */
export const MCP_PATH = "/mcp";

/** Seconds an ingest call leaves before the request deadline (the reply must still get out). */
const DEADLINE_MARGIN_S = 10;

/**
 * MCP over streamable HTTP at /mcp, stateless: every POST gets its own server and transport over
 * the workspace's engine and ends with its JSON reply, so no session lives between requests and
 * nothing is left to clean up (the SDK's client works with this: it sends no session id when
 * given none). GET (a standalone event stream) and DELETE (ending a session) have nothing to do
 * without sessions: 405, as the spec allows. Mounted after the app's middleware, so the Host
 * check, cross-site check, API key, rate limit, deadline and body limit of /v1 apply here too.
 */
export function mountMcp(app: Hono<AppEnv>, ctx: ServerContext): void {
  app.post(MCP_PATH, async (c) => {
    const engine = ctx.engine();
    const maxIngestWaitSeconds = Math.max(0, ctx.config.httpTimeoutMs / 1000 - DEADLINE_MARGIN_S);
    const server = createMcpServer(async () => engine, { maxIngestWaitSeconds, signal: c.get("signal") });
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    try {
      await server.connect(transport);
      return await transport.handleRequest(c.req.raw);
    } finally {
      // The JSON reply is complete once handleRequest returns.
      await server.close().catch(() => undefined);
    }
  });
  app.on(["GET", "DELETE"], MCP_PATH, () => {
    throw new HttpError(405, "method_not_allowed", "this MCP endpoint is stateless: POST JSON-RPC messages", {
      allow: "POST",
    });
  });
}
