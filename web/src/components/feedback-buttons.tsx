import { useState } from "preact/hooks";
import { sendFeedback } from "../api/feedback";
import { useI18n } from "../i18n/i18n";
import { ErrorLine } from "./error-line";

/** "Was this answer helpful?" with two buttons; one verdict per answer (remount with a new key for the next). */
export function FeedbackButtons({ traceId }: { traceId: string }) {
  const { t } = useI18n();
  const [state, setState] = useState<"idle" | "sending" | "sent">("idle");
  const [error, setError] = useState<string | undefined>();
  const send = async (helpful: boolean) => {
    setState("sending");
    setError(undefined);
    try {
      await sendFeedback({ trace_id: traceId, helpful });
      setState("sent");
    } catch (e) {
      setState("idle");
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  if (state === "sent")
    return (
      <p class="muted" data-testid="feedback-sent">
        {t("ask.feedbackThanks")}
      </p>
    );
  return (
    <div class="row feedback" data-testid="feedback">
      <span class="muted">{t("ask.wasHelpful")}</span>
      <button
        type="button"
        data-testid="feedback-helpful"
        disabled={state === "sending"}
        onClick={() => send(true)}
      >
        {t("ask.helpful")}
      </button>
      <button
        type="button"
        data-testid="feedback-unhelpful"
        disabled={state === "sending"}
        onClick={() => send(false)}
      >
        {t("ask.unhelpful")}
      </button>
      {error && <ErrorLine message={error} />}
    </div>
  );
}
