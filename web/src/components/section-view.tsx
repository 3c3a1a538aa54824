import { useEffect } from "preact/hooks";
import { getJson } from "../api/client";
import { type Citation, type GraphNode, SubgraphSchema } from "../api/schemas";
import { useI18n } from "../i18n/i18n";
import { useAsync } from "../use-async";
import { ErrorLine } from "./error-line";

const str = (v: unknown): string => (typeof v === "string" ? v : "");
const num = (v: unknown): number => (typeof v === "number" ? v : 0);

/**
 * A Markdown/HTML citation: the whole section the chunk sits in, its passages in reading order,
 * the cited one marked and scrolled to, with the `url#fragment` the citation points at.
 */
export function SectionView({ chunk, citation }: { chunk: GraphNode; citation: Citation }) {
  const { t } = useI18n();
  const sectionId = str(chunk.section_id);
  const section = useAsync(
    () =>
      getJson(
        SubgraphSchema,
        `/v1/graph/nodes/${encodeURIComponent(sectionId)}/neighbours?edge_type=CONTAINS&direction=out&limit=200`,
      ),
    sectionId !== "",
    [sectionId],
  );
  useEffect(() => {
    document.querySelector(".passage.cited")?.scrollIntoView({ block: "center", behavior: "smooth" });
  }, [section.result]);
  if (section.result.state === "error") return <ErrorLine message={section.result.message} />;
  const nodes = section.result.state === "ok" ? section.result.value.nodes : [chunk];
  const head = nodes.find((n) => n.id === sectionId);
  const passages = nodes.filter((n) => n.label === "Chunk").sort((a, b) => num(a.seq) - num(b.seq));
  return (
    <div class="section-view" data-testid="section-view">
      {citation.url && <p class="muted">{t("source.fragment", { url: citation.url })}</p>}
      <h3 id={str(head?.anchor)}>{str(head?.breadcrumbs) || citation.heading_path.join(" › ")}</h3>
      {passages.map((p) => (
        <p key={p.id} class={p.id === chunk.id ? "passage cited" : "passage"}>
          {str(p.text)}
        </p>
      ))}
    </div>
  );
}
