import { getJson } from "../api/client";
import { type Citation, GraphNodeSchema } from "../api/schemas";
import { useI18n } from "../i18n/i18n";
import { useAsync } from "../use-async";
import { ErrorLine } from "./error-line";
import { PdfPageView } from "./pdf-page-view";
import { SectionView } from "./section-view";

/** Opens a citation where it points: the PDF page with its boxes, or the section at its #fragment. */
export function SourceViewer({ citation, onClose }: { citation: Citation; onClose: () => void }) {
  const { t } = useI18n();
  const chunk = useAsync(
    () => getJson(GraphNodeSchema, `/v1/graph/nodes/${encodeURIComponent(citation.chunk_id)}`),
    true,
    [citation.chunk_id],
  );
  return (
    <div class="source" data-testid="source-viewer">
      <div class="row between">
        <strong>
          [{citation.S}] {citation.heading_path.join(" › ")}
        </strong>
        <button type="button" onClick={onClose}>
          {t("ask.closeSource")}
        </button>
      </div>
      {chunk.result.state === "loading" && <p class="muted">{t("source.loading")}</p>}
      {chunk.result.state === "error" && (
        <ErrorLine message={t("source.unavailable", { message: chunk.result.message })} />
      )}
      {chunk.result.state === "ok" &&
        (citation.page && /\.pdf$/i.test(citation.uri) ? (
          <PdfPageView docId={chunk.result.value.doc_id} citation={citation} />
        ) : (
          <SectionView chunk={chunk.result.value} citation={citation} />
        ))}
    </div>
  );
}
