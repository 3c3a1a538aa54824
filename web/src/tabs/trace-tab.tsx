import { useState } from "preact/hooks";
import { getJson } from "../api/client";
import { type Answer, AnswerSchema } from "../api/schemas";
import { ErrorLine } from "../components/error-line";
import { TraceView } from "../components/trace-view";
import { useI18n } from "../i18n/i18n";
import type { AskRun } from "./ask-run";

/** The last question's trace (with the tool calls seen while it streamed), or any recent one by id. */
export function TraceTab({ run }: { run: AskRun | undefined }) {
  const { t } = useI18n();
  const [id, setId] = useState("");
  const [loaded, setLoaded] = useState<Answer | undefined>();
  const [error, setError] = useState<string | undefined>();
  const load = (e: Event) => {
    e.preventDefault();
    setError(undefined);
    getJson(AnswerSchema, `/v1/traces/${encodeURIComponent(id.trim())}`)
      .then(setLoaded)
      .catch((err: unknown) => setError(err instanceof Error ? err.message : String(err)));
  };
  const fromRun = run?.answer && (!loaded || loaded.trace_id === run.answer.trace_id);
  const answer = fromRun ? run?.answer : loaded;
  return (
    <div class="stack">
      <form class="row" onSubmit={load}>
        <input placeholder="tr_…" value={id} onInput={(e) => setId(e.currentTarget.value)} size={40} />
        <button type="submit">{t("trace.load")}</button>
      </form>
      {error && <ErrorLine message={error} />}
      {answer ? (
        <TraceView answer={answer} toolCalls={fromRun ? (run?.toolCalls ?? []) : []} />
      ) : (
        <p class="muted">{t("trace.none")}</p>
      )}
    </div>
  );
}
