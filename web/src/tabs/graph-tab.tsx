import { useRef, useState } from "preact/hooks";
import { getJson } from "../api/client";
import { type GraphNode, type SearchHit, SearchSchema, type Subgraph, SubgraphSchema } from "../api/schemas";
import { ErrorLine } from "../components/error-line";
import { GraphCanvas, type GraphCanvasHandle } from "../components/graph-canvas";
import { NodeDetails } from "../components/node-details";
import { useI18n } from "../i18n/i18n";

/** Edge types the explorer offers; IN_COMMUNITY shows communities. */
const EDGE_TYPES = [
  "CONTAINS",
  "PART_OF",
  "NEXT",
  "LINKS_TO",
  "REFERS_TO",
  "MENTIONS",
  "MENTIONED_IN",
  "RELATED_TO",
  "IN_COMMUNITY",
] as const;
const DEFAULT_ON = new Set<string>([
  "CONTAINS",
  "PART_OF",
  "NEXT",
  "LINKS_TO",
  "REFERS_TO",
  "MENTIONS",
  "IN_COMMUNITY",
]);

/** Search a node, add it, click to expand its neighbourhood by the chosen edge types, read its details. */
export function GraphTab({ active }: { active: boolean }) {
  const { t } = useI18n();
  const [q, setQ] = useState("");
  const [label, setLabel] = useState("");
  const [hits, setHits] = useState<SearchHit[] | undefined>();
  const [types, setTypes] = useState<Set<string>>(DEFAULT_ON);
  const [selected, setSelected] = useState<{ node: GraphNode; sub: Subgraph } | undefined>();
  const [counts, setCounts] = useState({ nodes: 0, edges: 0 });
  const [error, setError] = useState<string | undefined>();
  const canvas = useRef<GraphCanvasHandle>(null);

  const fail = (e: unknown) => setError(e instanceof Error ? e.message : String(e));
  const search = (e: Event) => {
    e.preventDefault();
    setError(undefined);
    getJson(
      SearchSchema,
      `/v1/graph/search?q=${encodeURIComponent(q)}&limit=20${label ? `&label=${label}` : ""}`,
    )
      .then((r) => setHits(r.hits))
      .catch(fail);
  };
  const expand = async (id: string) => {
    setError(undefined);
    const params = new URLSearchParams({ direction: "both", depth: "1", limit: "40" });
    if (types.size) params.set("edge_type", [...types].join(","));
    const sub = await getJson(
      SubgraphSchema,
      `/v1/graph/nodes/${encodeURIComponent(id)}/neighbours?${params}`,
    );
    canvas.current?.add(sub, id);
    const node = sub.nodes.find((n) => n.id === id);
    setSelected(node ? { node, sub } : undefined);
  };
  const toggle = (type: string) =>
    setTypes((old) => {
      const next = new Set(old);
      if (!next.delete(type)) next.add(type);
      return next;
    });

  return (
    <div class="graph-layout">
      <aside class="pane graph-side">
        <form onSubmit={search} class="stack">
          <label for="graph-q">{t("graph.search")}</label>
          <div class="row">
            <input
              id="graph-q"
              data-testid="graph-search"
              value={q}
              onInput={(e) => setQ(e.currentTarget.value)}
            />
            <select
              aria-label={t("graph.kind")}
              value={label}
              onChange={(e) => setLabel(e.currentTarget.value)}
            >
              <option value="">{t("graph.anyKind")}</option>
              {["Document", "Section", "Entity", "Chunk"].map((l) => (
                <option key={l} value={l}>
                  {l}
                </option>
              ))}
            </select>
            <button type="submit" data-testid="graph-search-button">
              {t("graph.searchButton")}
            </button>
          </div>
        </form>
        {hits?.length === 0 && <p class="muted">{t("graph.noHits")}</p>}
        <ul class="hits">
          {hits?.map((h) => (
            <li key={h.id}>
              <button
                type="button"
                class="link hit"
                data-testid="graph-hit"
                onClick={() => expand(h.id).catch(fail)}
              >
                <span class={`label-dot l-${h.label}`} /> {h.text}
              </button>
              <div class="muted small">
                {h.label} · {h.context}
              </div>
            </li>
          ))}
        </ul>
        <fieldset>
          <legend>{t("graph.edgeTypes")}</legend>
          {EDGE_TYPES.map((type) => (
            <label key={type} class="check">
              <input type="checkbox" checked={types.has(type)} onChange={() => toggle(type)} /> {type}
            </label>
          ))}
        </fieldset>
      </aside>
      <div class="pane graph-main">
        <div class="row between">
          <span class="muted" data-testid="graph-counts" data-nodes={counts.nodes}>
            {t("graph.counts", counts)} · {t("graph.hint")}
          </span>
          <span>
            <button type="button" onClick={() => canvas.current?.fit()}>
              {t("graph.fit")}
            </button>{" "}
            <button
              type="button"
              onClick={() => {
                canvas.current?.clear();
                setSelected(undefined);
              }}
            >
              {t("graph.clear")}
            </button>
          </span>
        </div>
        {error && <ErrorLine message={error} />}
        <GraphCanvas
          ref={canvas}
          visible={active}
          onTapNode={(id) => expand(id).catch(fail)}
          onCounts={setCounts}
        />
      </div>
      <aside class="pane graph-details">
        {selected && (
          <NodeDetails node={selected.node} sub={selected.sub} onExpand={(id) => expand(id).catch(fail)} />
        )}
      </aside>
    </div>
  );
}
