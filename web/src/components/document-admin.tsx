import { useState } from "preact/hooks";
import { z } from "zod";
import { apiFetch, getJson } from "../api/client";
import { DocumentStatsSchema } from "../api/schemas";
import { useI18n } from "../i18n/i18n";
import { useAsync } from "../use-async";
import { ErrorLine } from "./error-line";

const DocumentsSchema = z.object({ documents: z.array(DocumentStatsSchema) });

/** Delete one document or clear the store, each behind an explicit second click. */
export function DocumentAdmin({ active, onChanged }: { active: boolean; onChanged: () => void }) {
  const { t } = useI18n();
  const docs = useAsync(() => getJson(DocumentsSchema, "/v1/documents"), active);
  const [confirm, setConfirm] = useState<string | undefined>();
  const [message, setMessage] = useState<string | undefined>();
  const [error, setError] = useState<string | undefined>();
  const act = (work: () => Promise<string | undefined>) => {
    setError(undefined);
    work()
      .then((m) => {
        setMessage(m);
        setConfirm(undefined);
        docs.reload();
        onChanged();
      })
      .catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  };
  const list = docs.result.state === "ok" ? docs.result.value.documents : [];
  const ask = (id: string, text: string, run: () => void) =>
    confirm === id ? (
      <span class="confirm">
        {text}{" "}
        <button type="button" class="danger" data-testid="confirm-yes" onClick={run}>
          {t("settings.yes")}
        </button>{" "}
        <button type="button" onClick={() => setConfirm(undefined)}>
          {t("settings.cancel")}
        </button>
      </span>
    ) : null;
  return (
    <div class="card">
      <h2>{t("settings.documents")}</h2>
      {error && <ErrorLine message={error} />}
      {message && <p class="muted">{message}</p>}
      <ul class="doc-list">
        {list.map((d) => (
          <li key={d.doc_id} data-testid="doc-item">
            {d.title}{" "}
            <span class="muted small">
              ({d.kind}, {d.chunks})
            </span>{" "}
            {ask(d.doc_id, t("settings.confirmDelete", { title: d.title }), () =>
              act(async () => {
                await apiFetch(`/v1/documents/${encodeURIComponent(d.doc_id)}`, { method: "DELETE" });
                return undefined;
              }),
            ) ?? (
              <button type="button" onClick={() => setConfirm(d.doc_id)}>
                {t("settings.delete")}
              </button>
            )}
          </li>
        ))}
      </ul>
      {ask("*", t("settings.confirmClear", { n: list.length }), () =>
        act(async () => {
          const res = await apiFetch("/v1/store?confirm=delete-all-documents", { method: "DELETE" });
          const body = z.object({ deleted: z.array(z.string()) }).parse(await res.json());
          return t("settings.cleared", { n: body.deleted.length });
        }),
      ) ?? (
        <button type="button" class="danger" disabled={!list.length} onClick={() => setConfirm("*")}>
          {t("settings.clear")}
        </button>
      )}
    </div>
  );
}
