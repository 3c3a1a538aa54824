import type { Citation } from "../api/schemas";
import { useI18n } from "../i18n/i18n";
import type { AskRun } from "../tabs/ask-run";
import { CitedText } from "./cited-text";
import { FeedbackButtons } from "./feedback-buttons";

/** The answer (streaming, then final), a plain "not found" when so, the cited sources and the feedback buttons. */
export function AnswerView({
  run,
  onCite,
  onOpenTrace,
}: {
  run: AskRun;
  onCite: (c: Citation) => void;
  onOpenTrace: () => void;
}) {
  const { t } = useI18n();
  const answer = run.answer;
  const citations = answer?.citations ?? [];
  if (answer?.not_found)
    return (
      <div class="answer not-found" data-testid="not-found">
        <p>{t("ask.notFound")}</p>
        {answer.not_found_reason && (
          <p class="muted" data-testid="not-found-reason">
            {t("ask.notFoundWhy")} {answer.not_found_reason}
          </p>
        )}
        <button type="button" class="link" onClick={onOpenTrace}>
          {t("ask.openTrace")}
        </button>
        <FeedbackButtons key={answer.trace_id} traceId={answer.trace_id} />
      </div>
    );
  if (!run.text && run.draft)
    return (
      <div class="answer">
        <p class="answer-text muted" data-testid="draft">
          {run.draft}
        </p>
      </div>
    );
  return (
    <div class="answer" data-testid="answer">
      <p class="answer-text">
        <CitedText text={run.text} citations={citations} onCite={onCite} />
      </p>
      {answer && (
        <>
          <p class="muted">
            {t("ask.route", { route: answer.route })} · {t("ask.verified", answer.verification)} ·{" "}
            <button type="button" class="link" data-testid="open-trace" onClick={onOpenTrace}>
              {t("ask.openTrace")}
            </button>
          </p>
          <h3>{t("ask.citations")}</h3>
          <ol class="citations">
            {citations.map((c) => (
              <li key={c.S}>
                <button type="button" class="link cite" onClick={() => onCite(c)}>
                  [{c.S}]
                </button>{" "}
                {c.heading_path.join(" › ") || c.uri.split("/").pop()}
                {c.page ? ` · ${t("ask.page", { page: c.page })}` : ""}
              </li>
            ))}
          </ol>
          <FeedbackButtons key={answer.trace_id} traceId={answer.trace_id} />
        </>
      )}
    </div>
  );
}
