import type { CodeSymbolNode } from "../domain/code-symbol.js";
import type { FigureNode } from "../domain/figure.js";
import type { GraphEdge } from "../domain/graph-edge.js";
import type { GraphNode } from "../domain/graph-node.js";
import { stableId } from "../domain/ids.js";
import type { LinkRefNode } from "../domain/link-ref.js";
import type { TableNode } from "../domain/table.js";
import type { Block } from "./parsed-document.js";
import { extractCodeSymbols } from "./structure/code-symbols.js";
import { resolveHref } from "./structure/links.js";
import { captionKey, captionLabel } from "./structure/ref-keys.js";

export interface BlockContext {
  doc_id: string;
  section_id: string;
  /** Position of the block inside its section: part of the derived ids. */
  index: number;
  uri: string;
  /** Document-wide order of the next link. */
  linkPosition: number;
}

/** Nodes one block yields besides its text: a Table or Figure, LinkRefs, CodeSymbols. */
export function blockNodes(
  block: Block,
  ctx: BlockContext,
): { nodes: GraphNode[]; edges: GraphEdge[]; links: number } {
  const { doc_id, section_id, index } = ctx;
  const nodes: GraphNode[] = [];
  const edges: GraphEdge[] = [];
  const edge = (src: string, type: GraphEdge["type"], dst: string, sid = "") =>
    edges.push({ src, type, dst, section_id: sid, doc_id, props: {} });
  if (block.type === "table" || block.type === "figure") {
    const kind = block.type;
    const caption = (block.caption ?? (kind === "figure" ? block.text : "")).trim();
    const ref_label = captionLabel(captionKey(caption, kind));
    const base = {
      doc_id,
      section_id,
      caption,
      bboxes: block.bboxes,
      ...(block.page ? { page: block.page } : {}),
    };
    const labelled = ref_label ? { ref_label } : {};
    const node: TableNode | FigureNode =
      kind === "table"
        ? { label: "Table", id: stableId("tbl", section_id, index), ...base, text: block.text, ...labelled }
        : { label: "Figure", id: stableId("fig", section_id, index), ...base, ...labelled };
    nodes.push(node);
    edge(section_id, "CONTAINS", node.id);
  }
  let links = 0;
  for (const link of block.links) {
    const resolved = resolveHref(link.href, ctx.uri);
    if (!resolved) continue;
    const ref: LinkRefNode = {
      label: "LinkRef",
      id: stableId("link", section_id, index, link.offset, link.href),
      doc_id,
      source_id: section_id,
      href: link.href,
      anchor_text: link.text,
      position: ctx.linkPosition + links++,
      ...resolved,
    };
    nodes.push(ref);
  }
  if (block.type === "code") {
    for (const def of extractCodeSymbols(block.text, block.language)) {
      const sym: CodeSymbolNode = {
        label: "CodeSymbol",
        id: stableId("sym", doc_id, block.language ?? "", def.kind, def.name),
        doc_id,
        name: def.name,
        language: (block.language ?? "").toLowerCase(),
        kind: def.kind,
      };
      nodes.push(sym);
      edge(sym.id, "EXPLAINED_BY", section_id, section_id);
    }
  }
  return { nodes, edges, links };
}
