import type { GraphNode, Subgraph } from "../api/schemas";
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
export function NodeDetails({
  node,
  sub,
  onExpand,
}: {
  node: GraphNode;
  sub: Subgraph;
  onExpand: (id: string) => void;
}) {
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
      <Neighbours node={node} sub={sub} onExpand={onExpand} />
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

/** The node's neighbours by edge type and direction; a click expands that neighbour too. */
function Neighbours({
  node,
  sub,
  onExpand,
}: {
  node: GraphNode;
  sub: Subgraph;
  onExpand: (id: string) => void;
}) {
  const { t } = useI18n();
  const byId = new Map(sub.nodes.map((n) => [n.id, n]));
  const groups = new Map<string, GraphNode[]>();
  for (const e of sub.edges) {
    const out = e.src === node.id;
    if (!out && e.dst !== node.id) continue;
    const other = byId.get(out ? e.dst : e.src);
    if (!other) continue;
    const key = `${out ? "→" : "←"} ${e.type}`;
    groups.set(key, [...(groups.get(key) ?? []), other]);
  }
  if (groups.size === 0) return null;
  return (
    <>
      <h4>{t("graph.neighbours")}</h4>
      {[...groups].map(([key, nodes]) => (
        <div key={key} class="small">
          <strong>{key}</strong> ({nodes.length})
          <ul class="neighbours">
            {nodes.slice(0, 12).map((n) => (
              <li key={n.id}>
                <button
                  type="button"
                  class="link"
                  data-testid="graph-neighbour"
                  data-label={n.label}
                  onClick={() => onExpand(n.id)}
                >
                  <span class={`label-dot l-${n.label}`} /> {nodeCaption(n)}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </>
  );
}
