import { useState } from "preact/hooks";
import { apiKey, getJson } from "../api/client";
import { ConfigSchema, GraphStatsSchema, OperationsSchema } from "../api/schemas";
import { ConfigTable } from "../components/config-table";
import { DocumentAdmin } from "../components/document-admin";
import { ErrorLine } from "../components/error-line";
import { OperationsPanel } from "../components/operations-panel";
import { useI18n } from "../i18n/i18n";
import { useAsync } from "../use-async";

/** API key, active configuration, store backend and counts, scoring weights, caches, deleting documents. */
export function SettingsTab({ active }: { active: boolean }) {
  const { t } = useI18n();
  const [key, setKey] = useState(apiKey.get());
  const [saved, setSaved] = useState(false);
  const config = useAsync(() => getJson(ConfigSchema, "/v1/config"), active);
  const graph = useAsync(() => getJson(GraphStatsSchema, "/v1/graph/stats"), active);
  const ops = useAsync(() => getJson(OperationsSchema, "/v1/stats"), active);
  return (
    <div class="stack" data-testid="settings">
      <form
        class="card row"
        onSubmit={(e) => {
          e.preventDefault();
          apiKey.set(key.trim());
          setSaved(true);
          config.reload();
          graph.reload();
          ops.reload();
        }}
      >
        <label>
          {t("settings.apiKey")}{" "}
          <input
            type="password"
            value={key}
            onInput={(e) => setKey(e.currentTarget.value)}
            autocomplete="off"
          />
        </label>
        <button type="submit">{t("settings.save")}</button>
        {saved && <span class="muted">{t("settings.saved")}</span>}
      </form>
      {config.result.state === "error" && <ErrorLine message={config.result.message} />}
      <div class="cards">
        <div class="card">
          <h2>{t("settings.store")}</h2>
          {config.result.state === "ok" && (
            <>
              <p>
                {t("settings.backend", {
                  backend: config.result.value.store.backend,
                  docs: config.result.value.store.documents,
                })}
              </p>
              <p>
                {config.result.value.embedding
                  ? t("settings.embedding", config.result.value.embedding)
                  : t("settings.noEmbedding")}
              </p>
            </>
          )}
          {graph.result.state === "ok" && (
            <div class="cards">
              <Counts title={t("settings.nodes")} counts={graph.result.value.nodes} />
              <Counts title={t("settings.edges")} counts={graph.result.value.edges} />
            </div>
          )}
        </div>
        <div class="card">
          <h2>{t("settings.scoring")}</h2>
          {config.result.state === "ok" && <Counts title="" counts={config.result.value.scoring} />}
        </div>
      </div>
      <div class="card">
        <h2>{t("settings.caches")}</h2>
        {ops.result.state === "error" && <ErrorLine message={ops.result.message} />}
        {ops.result.state === "ok" && <OperationsPanel ops={ops.result.value} />}
      </div>
      <DocumentAdmin
        active={active}
        onChanged={() => {
          graph.reload();
          ops.reload();
        }}
      />
      {config.result.state === "ok" && <ConfigTable settings={config.result.value.settings} />}
    </div>
  );
}

function Counts({ title, counts }: { title: string; counts: Record<string, number> }) {
  return (
    <div>
      {title && <h4>{title}</h4>}
      <dl class="kv">
        {Object.entries(counts).map(([k, v]) => (
          <>
            <dt key={`${k}-k`}>{k}</dt>
            <dd key={`${k}-v`}>{v}</dd>
          </>
        ))}
      </dl>
    </div>
  );
}
