import { useRef, useState } from "preact/hooks";
import { sendFeedback } from "../api/feedback";
import type { Citation } from "../api/schemas";
import { AnswerView } from "../components/answer-view";
import { ErrorLine } from "../components/error-line";
import { SourceViewer } from "../components/source-viewer";
import { useI18n } from "../i18n/i18n";
import type { MessageKey } from "../i18n/messages";
import { type AskRun, streamAsk } from "./ask-run";

const MODES = ["agent", "vector", "hybrid", "graph", "vector_cypher"] as const;

export function AskTab({ onRun, onOpenTrace }: { onRun: (run: AskRun) => void; onOpenTrace: () => void }) {
  const { t } = useI18n();
  const [question, setQuestion] = useState("");
  const [mode, setMode] = useState<string>("agent");
  const [run, setRun] = useState<AskRun | undefined>();
  const [open, setOpen] = useState<Citation | undefined>();
  const abort = useRef<AbortController | undefined>(undefined);

  const cite = (c: Citation) => {
    setOpen(c);
    const traceId = run?.answer?.trace_id;
    // The click is logged as feedback (which source the reader found worth opening); a lost one is harmless.
    if (traceId) sendFeedback({ trace_id: traceId, clicked_citation: c.S }).catch(() => undefined);
  };

  const ask = async (e: Event) => {
    e.preventDefault();
    if (!question.trim()) return;
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setOpen(undefined);
    await streamAsk(
      question.trim(),
      mode,
      (next) => {
        setRun(next);
        onRun(next);
      },
      controller.signal,
    );
  };

  return (
    <div class="split">
      <div class="pane">
        <form class="ask-form" onSubmit={ask}>
          <label for="question">{t("ask.question")}</label>
          <textarea
            id="question"
            data-testid="question"
            rows={3}
            placeholder={t("ask.placeholder")}
            value={question}
            onInput={(e) => setQuestion(e.currentTarget.value)}
          />
          <div class="row">
            <label>
              {t("ask.mode")}{" "}
              <select data-testid="mode" value={mode} onChange={(e) => setMode(e.currentTarget.value)}>
                {MODES.map((m) => (
                  <option key={m} value={m}>
                    {t(`mode.${m}` as MessageKey)}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" data-testid="ask" disabled={run?.status === "running"}>
              {t("ask.submit")}
            </button>
            {run?.status === "running" && (
              <button type="button" onClick={() => abort.current?.abort()}>
                {t("ask.stop")}
              </button>
            )}
          </div>
        </form>
        {run?.status === "running" && <p class="muted">{t("ask.thinking", { step: run.step })}</p>}
        {run?.status === "error" && <ErrorLine message={run.error ?? ""} />}
        {run && <AnswerView run={run} onCite={cite} onOpenTrace={onOpenTrace} />}
      </div>
      <div class="pane source-pane">
        {open ? (
          <SourceViewer citation={open} onClose={() => setOpen(undefined)} />
        ) : (
          <p class="muted">{t("ask.pickCitation")}</p>
        )}
      </div>
    </div>
  );
}
