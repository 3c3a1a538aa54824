import type { TraceEvent } from "../api/schemas";
import { useI18n } from "../i18n/i18n";

/** Every step with its time since the start and since the step before. */
export function TraceSteps({ trace }: { trace: TraceEvent[] }) {
  const { t } = useI18n();
  return (
    <div class="card">
      <h3>{t("trace.steps")}</h3>
      <table>
        <thead>
          <tr>
            <th>{t("trace.step")}</th>
            <th>{t("trace.time")}</th>
            <th>{t("trace.detail")}</th>
          </tr>
        </thead>
        <tbody>
          {trace.map((e, i) => (
            <tr key={i}>
              <td>
                <code>{e.step}</code>
              </td>
              <td>
                {e.at_ms} ms (+{e.at_ms - (trace[i - 1]?.at_ms ?? 0)})
              </td>
              <td class="small mono">{JSON.stringify(e.detail)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
