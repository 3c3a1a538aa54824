import { useEffect, useState } from "preact/hooks";
import { getJson } from "../api/client";
import { type Job, JobSchema } from "../api/schemas";
import { useI18n } from "../i18n/i18n";
import type { MessageKey } from "../i18n/messages";
import { ErrorLine } from "./error-line";

const FINAL = new Set(["succeeded", "failed"]);

/** One job, polled until it ends: phase, per-document chunk states, failed files and chunks. */
export function JobCard({ id, onDone }: { id: string; onDone: () => void }) {
  const { t } = useI18n();
  const [job, setJob] = useState<Job | undefined>();
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const next = await getJson(JobSchema, `/v1/jobs/${encodeURIComponent(id)}`);
        if (!live) return;
        setJob(next);
        if (FINAL.has(next.status)) onDone();
        else timer = setTimeout(poll, 700);
      } catch (e) {
        if (live) setError(e instanceof Error ? e.message : String(e));
      }
    };
    void poll();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [id]);
  if (error) return <ErrorLine message={error} />;
  if (!job) return <p class="muted">{t("app.loading")}</p>;
  const p = job.progress;
  return (
    <div class="job" data-testid="job" data-status={job.status}>
      <div class="row between">
        <strong>{t("ingest.job", { id: job.id })}</strong>
        <span class={`badge ${job.status}`} data-testid="job-status">
          {t(`status.${job.status}` as MessageKey)}
        </span>
      </div>
      <p class="muted small">
        {job.files.map((f) => f.name).join(", ")} ·{" "}
        {t("ingest.phase", {
          phase: p.phase,
          files: p.files_done,
          total: p.files_total,
          chunks: p.chunks_done,
        })}{" "}
        · {t("ingest.attempts", { n: job.attempts })}
      </p>
      {job.error && <ErrorLine message={job.error.message} />}
      {job.report?.failed.map((f) => (
        <p key={f.path} class="error small">
          {t("ingest.failedFile", { path: f.path.split("/").pop() ?? f.path, error: f.error })}
        </p>
      ))}
      {(job.documents ?? []).map((d) => {
        const pending = d.chunks.PENDING ?? 0;
        const done = d.chunks.PROCESSED ?? 0;
        const failed = d.chunks.FAILED ?? 0;
        const total = Math.max(1, pending + done + failed);
        return (
          <div key={`${d.name}-${d.doc_id}`} class="doc-progress" data-testid="job-document">
            <div class="row between small">
              <span>{d.name}</span>
              <span>
                {t("col.pending")} {pending} · {t("col.processed")} {done} · {t("col.failed")} {failed}
              </span>
            </div>
            <div class="bar">
              <span class="ok" style={{ width: `${(100 * done) / total}%` }} />
              <span class="bad" style={{ width: `${(100 * failed) / total}%` }} />
            </div>
            {d.chunk_states.map((c) => (
              <p key={c.seq} class="error small">
                {t("ingest.chunkFailed", { seq: c.seq, error: c.error ?? "", retries: c.retry_count })}
              </p>
            ))}
          </div>
        );
      })}
    </div>
  );
}
