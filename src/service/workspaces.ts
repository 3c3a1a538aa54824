import { basename, dirname, join } from "node:path";
import { type Config, WORKSPACE_NAME as NAME } from "../config.js";
import { userError } from "../errors.js";

/** The store as configured, before workspaces: what a server with one document set serves. */
export const DEFAULT_WORKSPACE = "default";

export interface WorkspaceKey {
  workspace: string;
  key: string;
}

/** `name:key` pairs of AGR_HTTP_WORKSPACE_KEYS; a malformed one is a configuration error, not a silently open door. */
export function workspaceKeys(config: Pick<Config, "httpWorkspaceKeys">): WorkspaceKey[] {
  return config.httpWorkspaceKeys.map((entry) => {
    const at = entry.indexOf(":");
    const workspace = entry.slice(0, at);
    const key = entry.slice(at + 1);
    if (at <= 0 || !NAME.test(workspace) || !/^\S+$/.test(key))
      throw userError(
        "bad_config",
        "invalid setting AGR_HTTP_WORKSPACE_KEYS: expected comma-separated name:key pairs (workspace names: a-z, 0-9, _ and -)",
      );
    return { workspace, key };
  });
}

/** Every workspace `agr serve` holds: "default", AGR_WORKSPACES, and those a key is bound to, in that order. */
export function servedWorkspaces(config: Pick<Config, "workspaces" | "httpWorkspaceKeys">): string[] {
  const names = [DEFAULT_WORKSPACE, ...config.workspaces, ...workspaceKeys(config).map((k) => k.workspace)];
  for (const n of names)
    if (!NAME.test(n))
      throw userError(
        "bad_config",
        `invalid setting AGR_WORKSPACES: "${n}" is not a workspace name (a-z, 0-9, _ and -)`,
      );
  return [...new Set(names)];
}

/**
 * The configuration of one workspace. Embedded: its own store file and data folder beside the
 * default ones (`<store dir>/workspaces/<name>/<store file>`), so ingest jobs, uploads and feedback
 * are separate too. Neo4j: the same database; the store namespaces its labels by `workspace`.
 * API keys: the unbound ones plus those bound to this workspace. When any key exists, a workspace
 * without one of its own still needs a key, so it gets one nobody holds rather than none (none = open).
 */
export function forWorkspace(base: Config, name: string): Config {
  if (!NAME.test(name))
    throw userError("bad_workspace", `"${name}" is not a workspace name (a-z, 0-9, _ and -, at most 32)`);
  const bound = workspaceKeys(base);
  const keys = [...base.httpApiKeys, ...bound.filter((k) => k.workspace === name).map((k) => k.key)];
  const anyKey = base.httpApiKeys.length > 0 || bound.length > 0;
  const httpApiKeys = keys.length === 0 && anyKey ? [unguessableKey()] : keys;
  if (name === DEFAULT_WORKSPACE) return { ...base, workspace: name, httpApiKeys };
  const folder = join(dirname(base.storePath), "workspaces", name);
  return {
    ...base,
    workspace: name,
    httpApiKeys,
    storePath: join(folder, basename(base.storePath)),
    ...(base.dataDir ? { dataDir: join(base.dataDir, "workspaces", name) } : {}),
  };
}

function unguessableKey(): string {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  return `no-key-${Buffer.from(bytes).toString("hex")}`;
}
