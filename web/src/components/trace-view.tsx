import type { Answer, TraceEvent } from "../api/schemas";
import { useI18n } from "../i18n/i18n";
import type { AskRun } from "../tabs/ask-run";
import { TraceSteps } from "./trace-steps";

const list = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : []);
const steps = (trace: TraceEvent[], step: string) => trace.filter((e) => e.step === step);

/** Route and why, tool calls with inputs, outputs and timings, grades, verdicts, tokens, all steps. */
export function TraceView({ answer, toolCalls }: { answer: Answer; toolCalls: AskRun["toolCalls"] }) {
  const { t } = useI18n();
  const route = steps(answer.trace, "route")[0];
  const retrieves = steps(answer.trace, "retrieve");
  const verify = steps(answer.trace, "verify")[0];
  const verdicts = list(verify?.detail.verdicts);
  return (
    <div class="stack" data-testid="trace">
      <div class="card">
        <h3>{t("trace.question")}</h3>
        <p>{answer.question}</p>
        <p class="muted small">
          <code>{answer.trace_id}</code> · {t("trace.tokens", answer.tokens)}
        </p>
      </div>
      <div class="card" data-testid="trace-route">
        <h3>{t("trace.route")}</h3>
        <p>
          <strong>{String(route?.detail.route ?? answer.route)}</strong>
          {route &&
            ` · ${String(route.detail.question_type)} · ${String(route.detail.source)} · confidence ${String(route.detail.confidence)}`}
        </p>
        <ul>
          {list(route?.detail.fired).map((f) => (
            <li key={f}>{f}</li>
          ))}
        </ul>
      </div>
      <div class="card" data-testid="trace-tools">
        <h3>{t("trace.tools")}</h3>
        <table>
          <thead>
            <tr>
              <th>{t("trace.attempt")}</th>
              <th>{t("trace.tool")}</th>
              <th>{t("trace.input")}</th>
              <th>{t("trace.output")}</th>
              <th>{t("trace.time")}</th>
            </tr>
          </thead>
          <tbody>
            {retrieves.map((r, i) => {
              const attempt = Number(r.detail.attempt ?? i);
              const calls = toolCalls.filter((c) => c.attempt === attempt);
              const prev = answer.trace[answer.trace.indexOf(r) - 1];
              const ms = Math.round(r.at_ms - (prev?.at_ms ?? 0));
              const rows = calls.length
                ? calls.map((c) => c.call)
                : list(r.detail.tools).map((tool) => ({ tool, input: {}, evidence_ids: [] as string[] }));
              return rows.map((c, j) => (
                <tr key={`${i}-${j}`} data-testid="trace-tool-row">
                  <td>{attempt}</td>
                  <td>
                    <code>{c.tool}</code>
                  </td>
                  <td class="small">
                    {Object.entries(c.input)
                      .map(([k, v]) => `${k}=${String(v)}`)
                      .join(", ") || String(r.detail.strategy ?? "")}
                  </td>
                  <td class="small">
                    {c.evidence_ids.length
                      ? `${c.evidence_ids.length}: ${c.evidence_ids.slice(0, 6).join(", ")}${c.evidence_ids.length > 6 ? "…" : ""}`
                      : String(r.detail.evidence ?? "")}
                  </td>
                  <td>{j === 0 ? `${ms} ms` : ""}</td>
                </tr>
              ));
            })}
          </tbody>
        </table>
      </div>
      <div class="card" data-testid="trace-grades">
        <h3>{t("trace.grades")}</h3>
        {steps(answer.trace, "grade").map((g, i) => (
          <div key={i}>
            <strong>{t("trace.grade", { score: String(g.detail.score) })}</strong> ·{" "}
            {String(g.detail.decision ?? "")}
            <ul class="small">
              {list(g.detail.reasons).map((r) => (
                <li key={r}>{r}</li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <div class="card" data-testid="trace-verdicts">
        <h3>{t("trace.verdicts")}</h3>
        {verdicts.length === 0 ? (
          <p class="muted">{t("trace.noVerdicts")}</p>
        ) : (
          <ul>
            {verdicts.map((v, i) => {
              const [verdict = "", support = ""] = v.split(" ");
              return (
                <li key={i}>
                  <span class={`badge ${verdict}`}>{verdict}</span> {support}{" "}
                  {v.split(" ").slice(2).join(" ")}
                </li>
              );
            })}
          </ul>
        )}
      </div>
      <TraceSteps trace={answer.trace} />
    </div>
  );
}
