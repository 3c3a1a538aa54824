import type { GraphNode } from "../api/schemas";
import { useI18n } from "../i18n/i18n";
import { nodeCaption } from "./graph-style";

const PROVENANCE = [
  "doc_id",
  "section_id",
  "uri",
  "breadcrumbs",
  "heading_path",
  "page_start",
  "page_end",
  "page_no",
  "seq",
  "status",
  "type",
  "salience",
  "source",
  "anchor",
];
const TEXT = ["text", "summary", "caption", "statement"];

/** A node's text and where it comes from (document, section, pages, status). */
export function NodeDetails({ node }: { node: GraphNode }) {
  const { t } = useI18n();
  const record = node as Record<string, unknown>;
  const provenance = PROVENANCE.filter((k) => record[k] !== undefined && record[k] !== "");
  const text = TEXT.map((k) => record[k]).find((v): v is string => typeof v === "string" && v !== "");
  return (
    <div data-testid="node-details">
      <h3>
        {t("graph.details")}: {nodeCaption(node)}
      </h3>
      <p class="muted small">
        {node.label} · <code>{node.id}</code>
      </p>
      {text && (
        <>
          <h4>{t("graph.text")}</h4>
          <p class="node-text">{text}</p>
        </>
      )}
      <h4>{t("graph.provenance")}</h4>
      <dl class="kv">
        {provenance.map((k) => (
          <>
            <dt key={`${k}-k`}>{k}</dt>
            <dd key={`${k}-v`}>
              {Array.isArray(record[k]) ? (record[k] as unknown[]).join(" › ") : String(record[k])}
            </dd>
          </>
        ))}
      </dl>
    </div>
  );
}
