import type { Config } from "../config.js";
import { DEFAULT_WORKSPACE, servedWorkspaces, workspaceKeys } from "../service/workspaces.js";
import { bearerOf, keyDigestHex } from "./middleware/auth.js";

/** The request header that picks a workspace (a key bound to one picks it by itself). */
export const WORKSPACE_HEADER = "x-agr-workspace";

/** What the server holds and which key is bound where (keys kept as SHA-256 digests, as the auth does). */
export interface WorkspaceDirectory {
  readonly names: readonly string[];
  /** The workspace a key (by its digest) is bound to; undefined for an unbound key. */
  boundTo(keyDigestHex: string | undefined): string | undefined;
}

export function workspaceDirectory(config: Config): WorkspaceDirectory {
  const names = servedWorkspaces(config);
  const bound = new Map(workspaceKeys(config).map((k) => [keyDigestHex(k.key), k.workspace]));
  return { names, boundTo: (d) => (d === undefined ? undefined : bound.get(d)) };
}

interface Fetches {
  fetch(request: Request, env?: unknown): Response | Promise<Response>;
}

/**
 * The server's front door when it holds several workspaces: picks the workspace of a request
 * and hands the request, untouched, to that workspace's own app (its own engine, store, caches,
 * traces, metrics and feedback), which then authenticates it as usual. A key bound to a
 * workspace reaches only that one: naming another is 403 whatever the key's validity, so the
 * answer says nothing about other workspaces' keys. An unknown name is 404.
 */
export function dispatchWorkspaces(apps: ReadonlyMap<string, Fetches>, dir: WorkspaceDirectory): Fetches {
  return {
    fetch(request, env) {
      const asked = request.headers.get(WORKSPACE_HEADER)?.trim() || undefined;
      const key = bearerOf(request.headers.get("authorization") ?? undefined);
      const bound = dir.boundTo(key === undefined ? undefined : keyDigestHex(key));
      if (bound !== undefined && asked !== undefined && asked !== bound)
        return refuse(403, "workspace_forbidden", `this API key is bound to workspace "${bound}"`);
      const name = bound ?? asked ?? DEFAULT_WORKSPACE;
      const app = apps.get(name);
      if (!app)
        // Names are not listed: the caller is not authenticated yet (GET /v1/workspaces lists them).
        return refuse(404, "unknown_workspace", `no workspace "${name}" on this server`);
      return app.fetch(request, env);
    },
  };
}

function refuse(status: number, code: string, message: string): Response {
  return new Response(JSON.stringify({ error: { code, message } }), {
    status,
    headers: { "content-type": "application/json" },
  });
}
