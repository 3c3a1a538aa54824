import { describe, expect, it } from "vitest";
import { loadConfig } from "../config.js";
import { forWorkspace, servedWorkspaces, workspaceKeys } from "./workspaces.js";

const base = (env: Record<string, string> = {}) => loadConfig({ storePath: "/data/agr/graph.db" }, env);

describe("workspaces", () => {
  it("default is the configured store; another name gets its own store and data folder", () => {
    expect(forWorkspace(base(), "default").storePath).toBe("/data/agr/graph.db");
    const team = forWorkspace(base(), "team-a");
    expect(team.storePath).toBe("/data/agr/workspaces/team-a/graph.db");
    expect(team.workspace).toBe("team-a");
    expect(team.dataDir).toBeUndefined(); // the engine then uses the store's own folder
    const withData = forWorkspace(base({ AGR_DATA_DIR: "/srv/state" }), "team-a");
    expect(withData.dataDir).toBe("/srv/state/workspaces/team-a");
  });

  it("refuses names that could leave the folder or break a label", () => {
    for (const bad of ["../x", "A", "a b", "a/b", "", "x".repeat(33)])
      expect(() => forWorkspace(base(), bad)).toThrow(/workspace name/);
    expect(() => base({ AGR_WORKSPACE: "../etc" })).toThrow(/AGR_WORKSPACE/);
  });

  it("serves default, the listed ones and those keys are bound to, once each", () => {
    const c = base({ AGR_WORKSPACES: "a, b", AGR_HTTP_WORKSPACE_KEYS: "b:kb,c:kc" });
    expect(servedWorkspaces(c)).toEqual(["default", "a", "b", "c"]);
    expect(workspaceKeys(c)).toEqual([
      { workspace: "b", key: "kb" },
      { workspace: "c", key: "kc" },
    ]);
    expect(() => workspaceKeys(base({ AGR_HTTP_WORKSPACE_KEYS: "nokey" }))).toThrow(/name:key/);
    expect(() => servedWorkspaces(base({ AGR_WORKSPACES: "Bad" }))).toThrow(/AGR_WORKSPACES/);
  });

  it("a workspace accepts the unbound keys and its own, never another's; with keys anywhere it is never open", () => {
    const c = base({ AGR_HTTP_API_KEYS: "admin", AGR_HTTP_WORKSPACE_KEYS: "a:ka,b:kb" });
    expect(forWorkspace(c, "a").httpApiKeys).toEqual(["admin", "ka"]);
    expect(forWorkspace(c, "default").httpApiKeys).toEqual(["admin"]);
    const onlyBound = base({ AGR_HTTP_WORKSPACE_KEYS: "a:ka" });
    const def = forWorkspace(onlyBound, "default").httpApiKeys;
    expect(def).toHaveLength(1);
    expect(def[0]).not.toBe("ka");
    expect(forWorkspace(base(), "default").httpApiKeys).toEqual([]);
  });
});
