import { getJson } from "../api/client";
import { EvalsSchema, type ModeMetrics } from "../api/schemas";
import { ErrorLine } from "../components/error-line";
import { useI18n } from "../i18n/i18n";
import { useAsync } from "../use-async";

const METRICS = ["recall@2", "recall@5", "recall@10", "mrr", "ndcg@10", "em", "f1"] as const;
const fmt = (v: number | null | undefined) => (typeof v === "number" ? v.toFixed(3) : "–");

/** The latest eval reports side by side: one row per report × mode, then each run's chart. */
export function BenchTab({ active }: { active: boolean }) {
  const { t } = useI18n();
  const { result } = useAsync(() => getJson(EvalsSchema, "/v1/evals"), active);
  if (result.state === "loading") return <p class="muted">{t("app.loading")}</p>;
  if (result.state === "error") return <ErrorLine message={result.message} />;
  const { dir, reports } = result.value;
  if (reports.length === 0)
    return (
      <p class="muted" data-testid="bench-empty">
        {t("bench.none", { dir })}
      </p>
    );
  const rows = reports.flatMap((r) =>
    Object.entries(r.report.modes).map(([mode, m]): [string, string, ModeMetrics] => [r.name, mode, m]),
  );
  const byName = new Map(reports.map((r) => [r.name, r.report]));
  return (
    <div class="stack" data-testid="bench">
      <p class="muted">{t("bench.reports", { n: reports.length })}</p>
      <div class="card scroll-x">
        <table>
          <thead>
            <tr>
              <th>{t("bench.dataset")}</th>
              <th>{t("bench.mode")}</th>
              {METRICS.map((m) => (
                <th key={m}>{m}</th>
              ))}
              <th>{t("bench.latency")}</th>
              <th>{t("bench.tokens")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(([name, mode, m]) => {
              const r = byName.get(name);
              return (
                <tr key={`${name}-${mode}`} data-testid="bench-row">
                  <td title={name}>
                    {r?.dataset}/{r?.split} <span class="muted small">({r?.questions} q)</span>
                  </td>
                  <td>{mode}</td>
                  {METRICS.map((k) => (
                    <td key={k}>{fmt(m[k])}</td>
                  ))}
                  <td>
                    {m.latency_ms.p50.toFixed(1)} / {m.latency_ms.p95.toFixed(1)}
                  </td>
                  <td>
                    {m.tokens ? `${Math.round(m.tokens.prompt)} / ${Math.round(m.tokens.completion)}` : "–"}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <div class="cards">
        {reports
          .filter((r) => r.chart)
          .map((r) => (
            <figure key={r.name} class="card">
              <img src={r.chart ?? ""} alt={t("bench.chart", { name: r.name })} class="chart" />
              <figcaption class="muted small">{t("bench.chart", { name: r.name })}</figcaption>
            </figure>
          ))}
      </div>
    </div>
  );
}
