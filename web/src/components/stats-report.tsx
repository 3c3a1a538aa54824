import { getJson } from "../api/client";
import { StatsSchema } from "../api/schemas";
import { useI18n } from "../i18n/i18n";
import { useAsync } from "../use-async";
import { ErrorLine } from "./error-line";

/** `agr stats` as a table: per-document counts, totals by chunk status, warnings. */
export function StatsReport({ active, tick }: { active: boolean; tick: number }) {
  const { t } = useI18n();
  const { result, reload } = useAsync(() => getJson(StatsSchema, "/v1/stats"), active, [tick]);
  return (
    <div class="card" data-testid="stats">
      <div class="row between">
        <h2>{t("ingest.health")}</h2>
        <button type="button" onClick={reload}>
          {t("ingest.refresh")}
        </button>
      </div>
      {result.state === "error" && <ErrorLine message={result.message} />}
      {result.state === "ok" && (
        <>
          <p class="muted">
            {t("ingest.totals", { docs: result.value.totals.documents, chunks: result.value.totals.chunks })}{" "}
            ·{" "}
            {Object.entries(result.value.totals.chunks_by_status)
              .map(([k, v]) => `${k} ${v}`)
              .join(" · ")}
          </p>
          <div class="scroll-x">
            <table>
              <thead>
                <tr>
                  <th>{t("col.document")}</th>
                  <th>{t("col.kind")}</th>
                  <th>{t("col.pages")}</th>
                  <th>{t("col.sections")}</th>
                  <th>{t("col.chunks")}</th>
                  <th>{t("col.tables")}</th>
                  <th>{t("col.figures")}</th>
                  <th>{t("col.refs")}</th>
                </tr>
              </thead>
              <tbody>
                {result.value.documents.map((d) => (
                  <tr key={d.doc_id} data-testid="stats-row">
                    <td title={d.uri}>{d.title}</td>
                    <td>{d.kind}</td>
                    <td>{d.pages}</td>
                    <td>{d.sections}</td>
                    <td>{d.chunks}</td>
                    <td>{d.tables}</td>
                    <td>{d.figures}</td>
                    <td>
                      {d.refs_resolved} / {d.refs_unresolved}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <h3>{t("ingest.warnings")}</h3>
          {result.value.warnings.length === 0 ? (
            <p class="muted">{t("ingest.noWarnings")}</p>
          ) : (
            <ul class="warnings">
              {result.value.warnings.map((w) => (
                <li key={w}>{w}</li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
