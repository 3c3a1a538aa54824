import { useEffect, useState } from "preact/hooks";
import { ApiError, getJson, workspace } from "../api/client";
import { WorkspacesSchema } from "../api/schemas";
import { useI18n } from "../i18n/i18n";

/**
 * Picks the workspace every API call of the UI goes to (the x-agr-workspace header). Shown only
 * when the key may use more than one. Switching reloads the page, so no tab keeps another
 * workspace's documents, answers or graph on screen.
 */
export function WorkspaceSwitch() {
  const { t } = useI18n();
  const [state, setState] = useState<{ current: string; workspaces: string[] } | null>(null);
  useEffect(() => {
    getJson(WorkspacesSchema, "/v1/workspaces").then(
      (v) => {
        // A remembered workspace this key may not use (bound key, removed workspace): forget it.
        if (workspace.get() && !v.workspaces.includes(workspace.get())) switchTo("");
        else setState(v);
      },
      (e: unknown) => {
        if (e instanceof ApiError && (e.code === "unknown_workspace" || e.code === "workspace_forbidden"))
          switchTo("");
      },
    );
  }, []);
  if (!state || state.workspaces.length < 2) return null;
  return (
    <label class="lang">
      {t("app.workspace")}{" "}
      <select data-testid="workspace" value={state.current} onChange={(e) => switchTo(e.currentTarget.value)}>
        {state.workspaces.map((w) => (
          <option key={w} value={w}>
            {w}
          </option>
        ))}
      </select>
    </label>
  );
}

function switchTo(name: string): void {
  workspace.set(name === "default" ? "" : name);
  location.reload();
}
