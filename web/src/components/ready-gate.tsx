import type { ComponentChildren } from "preact";
import { useEffect, useState } from "preact/hooks";
import { ErrorBodySchema } from "../api/schemas";
import { useI18n } from "../i18n/i18n";

/**
 * The server listens before its models are loaded (/readyz is 503 until then): hold the tabs back
 * until it is ready, so no tab starts with a "not ready" error. /readyz needs no key.
 */
export function ReadyGate({ children }: { children: ComponentChildren }) {
  const { t } = useI18n();
  const [ready, setReady] = useState(false);
  const [detail, setDetail] = useState<string | undefined>();
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const res = await fetch("/readyz");
        if (res.ok) return live && setReady(true);
        const body = ErrorBodySchema.safeParse(await res.json().catch(() => undefined));
        if (live && body.success) setDetail(body.data.error.message);
      } catch {
        // The server is restarting: keep asking.
      }
      if (live) timer = setTimeout(poll, 1500);
    };
    void poll();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, []);
  if (ready) return <>{children}</>;
  return (
    <div class="card" data-testid="not-ready">
      <p>{t("app.notReady")}</p>
      {detail && <p class="muted small">{detail}</p>}
    </div>
  );
}
