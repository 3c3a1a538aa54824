import { useState } from "preact/hooks";
import { z } from "zod";
import { apiFetch, getJson, postJson } from "../api/client";
import { AcceptedSchema, ConfigSchema, JobSchema } from "../api/schemas";
import { ErrorLine } from "../components/error-line";
import { JobList } from "../components/job-list";
import { StatsReport } from "../components/stats-report";
import { useI18n } from "../i18n/i18n";
import { useAsync } from "../use-async";

/** Upload files or name server-side paths; follow each job; the store's health report below. */
export function IngestTab({ active }: { active: boolean }) {
  const { t } = useI18n();
  const [files, setFiles] = useState<File[]>([]);
  const [paths, setPaths] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [jobIds, setJobIds] = useState<string[]>([]);
  const [statsTick, setStatsTick] = useState(0);

  const submitted = (id: string) => setJobIds((ids) => [id, ...ids.filter((x) => x !== id)]);
  const run = (work: () => Promise<void>) => (e: Event) => {
    e.preventDefault();
    setError(undefined);
    work().catch((err: unknown) => setError(err instanceof Error ? err.message : String(err)));
  };
  const upload = run(async () => {
    if (!files.length) return;
    const form = new FormData();
    for (const f of files) form.append("file", f, f.name);
    const res = await apiFetch("/v1/documents", { method: "POST", body: form });
    submitted(AcceptedSchema.parse(await res.json()).job_id);
  });
  const ingestPaths = run(async () => {
    const list = paths
      .split("\n")
      .map((p) => p.trim())
      .filter(Boolean);
    if (!list.length) return;
    submitted((await postJson(AcceptedSchema, "/v1/documents", { paths: list })).job_id);
  });
  const known = useRecentJobs(active);

  return (
    <div class="stack">
      <div class="cards">
        <form class="card" onSubmit={upload}>
          <h2>{t("ingest.upload")}</h2>
          <input
            type="file"
            multiple
            data-testid="upload-input"
            onChange={(e) => setFiles([...(e.currentTarget.files ?? [])])}
          />
          <p class="muted small">{t("ingest.supported")}</p>
          <button type="submit" data-testid="upload" disabled={!files.length}>
            {t("ingest.uploadButton")}
          </button>
        </form>
        <form class="card" onSubmit={ingestPaths}>
          <h2>{t("ingest.pathsButton")}</h2>
          <label class="small">
            {t("ingest.paths")}
            <textarea
              rows={3}
              data-testid="paths-input"
              value={paths}
              onInput={(e) => setPaths(e.currentTarget.value)}
            />
          </label>
          <IngestRoots
            active={active}
            onPick={(root) => setPaths((p) => (p.trim() ? `${p.trim()}\n${root}` : root))}
          />
          <button type="submit" data-testid="ingest-paths" disabled={!paths.trim()}>
            {t("ingest.pathsButton")}
          </button>
        </form>
      </div>
      {error && <ErrorLine message={error} />}
      <JobList
        ids={[...jobIds, ...known.filter((id) => !jobIds.includes(id))]}
        onDone={() => setStatsTick((n) => n + 1)}
      />
      <StatsReport active={active} tick={statsTick} />
    </div>
  );
}

/** The server's recent jobs (newest first), fetched whenever the tab is shown. */
function useRecentJobs(active: boolean): string[] {
  const { result } = useAsync(() => getJson(z.object({ jobs: z.array(JobSchema) }), "/v1/jobs"), active);
  return result.state === "ok" ? result.value.jobs.slice(0, 5).map((j) => j.id) : [];
}

/** The folders the server allows (AGR_HTTP_INGEST_ROOTS); a click adds one to the list. */
function IngestRoots({ active, onPick }: { active: boolean; onPick: (root: string) => void }) {
  const { t } = useI18n();
  const { result } = useAsync(() => getJson(ConfigSchema, "/v1/config"), active);
  if (result.state !== "ok") return null;
  const roots = result.value.settings.find((s) => s.key === "httpIngestRoots")?.value;
  const list = Array.isArray(roots) ? roots : [];
  return (
    <p class="small muted">
      {list.length === 0 ? t("ingest.noRoots") : `${t("ingest.roots")} `}
      {list.map((r) => (
        <button key={r} type="button" class="link small" onClick={() => onPick(r)}>
          {r}{" "}
        </button>
      ))}
    </p>
  );
}
