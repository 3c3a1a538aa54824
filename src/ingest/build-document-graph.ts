import type { ChunkNode } from "../domain/chunk.js";
import type { DocumentNode } from "../domain/document.js";
import type { GraphEdge } from "../domain/graph-edge.js";
import type { GraphNode } from "../domain/graph-node.js";
import { sha256, stableId } from "../domain/ids.js";
import type { PdfPageNode } from "../domain/pdf-page.js";
import type { SectionNode } from "../domain/section.js";
import { textDates } from "../index/temporal/text-dates.js";
import { blockNodes } from "./block-nodes.js";
import type { ParsedDocument } from "./parsed-document.js";
import { attachCaptions } from "./structure/attach-captions.js";
import { chunkSection } from "./structure/chunker.js";
import { planSections } from "./structure/sections.js";

export interface SourceMeta {
  uri: string;
  /** The document's id; default: a hash of the uri. */
  doc_id?: string;
  content_hash: string;
  last_modified: string;
}

export interface DocumentGraph {
  document: DocumentNode;
  nodes: GraphNode[];
  edges: GraphEdge[];
  sections: SectionNode[];
  chunks: ChunkNode[];
}

export interface BuildOptions {
  chunkTokens: number;
}

/** Turns one parsed document into its structural graph. Pure: same input, same ids. */
export function buildDocumentGraph(
  parsed: ParsedDocument,
  meta: SourceMeta,
  options: BuildOptions,
): DocumentGraph {
  const doc_id = meta.doc_id ?? stableId("doc", meta.uri);
  const document: DocumentNode = {
    label: "Document",
    id: doc_id,
    doc_id,
    uri: meta.uri,
    title: parsed.title,
    kind: parsed.kind,
    content_hash: meta.content_hash,
    last_modified: meta.last_modified,
    source_url: meta.uri,
    pages: parsed.pages.length,
    warnings: parsed.warnings,
    ...(parsed.published_at ? { published_at: parsed.published_at } : {}),
  };
  const nodes: GraphNode[] = [document];
  const edges: GraphEdge[] = [];
  const edge = (
    src: string,
    type: GraphEdge["type"],
    dst: string,
    section_id = "",
    props: GraphEdge["props"] = {},
  ) => edges.push({ src, type, dst, section_id, doc_id, props });

  const pages: PdfPageNode[] = parsed.pages.map((p) => ({
    label: "PdfPage",
    id: stableId("page", doc_id, p.page_no),
    doc_id,
    ...p,
  }));
  for (const p of pages) edge(doc_id, "CONTAINS", p.id);
  nodes.push(...pages);
  const pageId = new Map(pages.map((p) => [p.page_no, p.id]));

  const plans = planSections(
    { ...parsed, blocks: attachCaptions(parsed.blocks) },
    {
      docTitle: parsed.title,
      pagesPerSyntheticSection: 4,
      tokensPerSyntheticSection: 1500,
    },
  );
  const sections: SectionNode[] = [];
  const chunks: ChunkNode[] = [];
  let linkPosition = 0;
  plans.forEach((plan, seq) => {
    const id = stableId("sec", doc_id, seq, plan.title);
    const section: SectionNode = {
      label: "Section",
      id,
      doc_id,
      section_id: id,
      title: plan.title,
      level: plan.level,
      heading_path: plan.heading_path,
      breadcrumbs: [parsed.title, ...plan.heading_path].join(" > "),
      synthetic: plan.synthetic,
      seq,
      sub_anchors: plan.sub_anchors,
      sub_titles: plan.sub_titles,
      ...(plan.anchor ? { anchor: plan.anchor } : {}),
      ...(plan.page_start ? { page_start: plan.page_start, page_end: plan.page_end ?? plan.page_start } : {}),
    };
    sections.push(section);
    nodes.push(section);
    edge(doc_id, "CONTAINS", id);
    const parent = plan.parent !== undefined ? sections[plan.parent] : undefined;
    if (parent) edge(id, "PART_OF", parent.id);

    for (const [i, item] of plan.items.entries()) {
      const derived = blockNodes(item.block, {
        doc_id,
        section_id: id,
        index: i,
        uri: meta.uri,
        linkPosition,
      });
      linkPosition += derived.links;
      nodes.push(...derived.nodes);
      edges.push(...derived.edges);
    }

    chunkSection(plan.items, options.chunkTokens).forEach((c, cseq) => {
      const content_hash = sha256(c.text);
      const chunk_id = stableId("chk", id, cseq, content_hash);
      const chunk: ChunkNode = {
        label: "Chunk",
        id: chunk_id,
        doc_id,
        chunk_id,
        section_id: id,
        seq: chunks.length,
        ...c,
        heading_path: [...plan.heading_path, ...c.subheadings],
        content_hash,
        status: "PENDING",
        retry_count: 0,
        // Dates never enter the id: re-dating a document keeps its chunk ids.
        ...chunkDates(c.text, parsed.published_at),
      };
      chunks.push(chunk);
      nodes.push(chunk);
      edge(id, "CONTAINS", chunk_id);
      for (let p = c.page_start ?? 0; p > 0 && p <= (c.page_end ?? 0); p++) {
        const page = pageId.get(p);
        if (page) edge(page, "CONTAINS", chunk_id);
      }
    });
  });
  // NEXT inside one section carries that section's id; across a section boundary it carries none.
  for (let i = 1; i < chunks.length; i++) {
    const [a, b] = [chunks[i - 1], chunks[i]];
    if (a && b) edge(a.id, "NEXT", b.id, a.section_id === b.section_id ? a.section_id : "");
  }
  linkCodeSymbolsToChunks(nodes, chunks, edges, doc_id);
  return { document, nodes: dedupeById(nodes), edges, sections, chunks };
}

/** EXPLAINED_BY also points at the code chunk that defines the symbol. */
function linkCodeSymbolsToChunks(
  nodes: GraphNode[],
  chunks: ChunkNode[],
  edges: GraphEdge[],
  doc_id: string,
): void {
  for (const sym of nodes) {
    if (sym.label !== "CodeSymbol") continue;
    const definer = chunks.find((c) => c.content_type === "code" && c.text.includes(sym.name));
    if (definer)
      edges.push({
        src: sym.id,
        type: "EXPLAINED_BY",
        dst: definer.id,
        section_id: definer.section_id,
        doc_id,
        props: {},
      });
  }
}

/** The temporal fields of a chunk: the document's publication date and the dates its text states. */
function chunkDates(
  text: string,
  published_at: string | undefined,
): Pick<ChunkNode, "published_at" | "dates"> {
  const dates = textDates(text);
  return { ...(published_at ? { published_at } : {}), ...(dates.length > 0 ? { dates } : {}) };
}

function dedupeById(nodes: GraphNode[]): GraphNode[] {
  const byId = new Map<string, GraphNode>();
  for (const n of nodes) if (!byId.has(n.id)) byId.set(n.id, n);
  return [...byId.values()];
}
