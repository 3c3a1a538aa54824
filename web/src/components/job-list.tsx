import { useI18n } from "../i18n/i18n";
import { JobCard } from "./job-card";

export function JobList({ ids, onDone }: { ids: string[]; onDone: () => void }) {
  const { t } = useI18n();
  return (
    <div class="card">
      <h2>{t("ingest.jobs")}</h2>
      {ids.length === 0 ? (
        <p class="muted">{t("ingest.noJobs")}</p>
      ) : (
        ids.map((id) => <JobCard key={id} id={id} onDone={onDone} />)
      )}
    </div>
  );
}
