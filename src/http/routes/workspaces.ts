import { z } from "zod";
import type { ServerContext } from "../app-env.js";
import { defineRoute } from "../route.js";
import { WORKSPACE_HEADER } from "../workspace-dispatch.js";

export const WorkspacesSchema = z.object({
  /** The workspace this request reached. */
  current: z.string(),
  /** The workspaces the caller's key may use (a bound key: its own only). */
  workspaces: z.array(z.string()),
  /** The request header that picks one. */
  header: z.string(),
});

/** GET /v1/workspaces: what the UI's workspace switcher offers. */
export function workspaceRoutes(ctx: ServerContext) {
  return [
    defineRoute({
      method: "get",
      path: "/v1/workspaces",
      summary: `The workspaces this key may use and the one this request reached (pick one with the ${WORKSPACE_HEADER} header)`,
      tag: "operations",
      beforeReady: true,
      responses: { 200: { description: "workspaces", schema: WorkspacesSchema } },
      handler: (c) => {
        const bound = ctx.directory.boundTo(c.get("apiKeyId"));
        return c.json({
          current: ctx.config.workspace,
          workspaces: bound === undefined ? [...ctx.directory.names] : [bound],
          header: WORKSPACE_HEADER,
        });
      },
    }),
  ];
}
