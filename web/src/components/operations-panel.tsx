import type { Operations } from "../api/schemas";
import { useI18n } from "../i18n/i18n";
import type { MessageKey } from "../i18n/messages";

const CACHES = ["retrieval", "tool_results", "subgraphs"] as const;
const percent = (x: number) => `${Math.round(x * 100)}%`;

/** Cache sizes and hit rates, queries by route and feedback counts, from GET /v1/stats. */
export function OperationsPanel({ ops }: { ops: Operations }) {
  const { t } = useI18n();
  const routes = Object.entries(ops.queries.routes);
  const fb = ops.feedback;
  return (
    <div class="stack" data-testid="operations">
      <table data-testid="caches">
        <thead>
          <tr>
            <th>{t("settings.cache")}</th>
            <th>{t("settings.entries")}</th>
            <th>{t("settings.hitRate")}</th>
            <th>{t("settings.hits")}</th>
            <th>{t("settings.misses")}</th>
            <th>{t("settings.evictions")}</th>
          </tr>
        </thead>
        <tbody>
          {CACHES.map((name) => {
            const c = ops.caches[name];
            return (
              <tr key={name} data-testid={`cache-${name}`}>
                <td>{t(`settings.cache.${name}` as MessageKey)}</td>
                <td>
                  {c.entries} / {c.capacity}
                </td>
                <td>{percent(c.hit_rate)}</td>
                <td>{c.hits}</td>
                <td>{c.misses}</td>
                <td>{c.evictions}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p class="muted">
        {t("settings.communitySummaries", ops.caches.community_summaries)} ·{" "}
        {t("settings.storeVersion", { version: ops.caches.store_version })}
      </p>
      <h2>{t("settings.queries")}</h2>
      {routes.length === 0 ? (
        <p class="muted">{t("settings.noQueries")}</p>
      ) : (
        <table data-testid="query-routes">
          <thead>
            <tr>
              <th>{t("settings.route")}</th>
              <th>{t("settings.count")}</th>
              <th>{t("settings.notFoundRate")}</th>
              <th>P50 ms</th>
              <th>P95 ms</th>
            </tr>
          </thead>
          <tbody>
            {routes.map(([route, r]) => (
              <tr key={route} data-testid="query-route">
                <td>{route}</td>
                <td>{r.count}</td>
                <td>{percent(r.not_found_rate)}</td>
                <td>{Math.round(r.latency_ms.p50)}</td>
                <td>{Math.round(r.latency_ms.p95)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p class="muted" data-testid="feedback-counts">
        {t("settings.feedback", {
          helpful: fb.helpful,
          unhelpful: fb.unhelpful,
          clicks: fb.citation_clicks,
          queries: fb.queries,
        })}
      </p>
    </div>
  );
}
