import type { ChunkNode } from "../domain/chunk.js";
import type { DocumentNode } from "../domain/document.js";
import type { GraphEdge } from "../domain/graph-edge.js";
import type { SectionNode } from "../domain/section.js";

/** A two-document graph every store adapter is tested on. */
export function fixtureDocument(n: 1 | 2): {
  nodes: Array<DocumentNode | SectionNode | ChunkNode>;
  edges: GraphEdge[];
} {
  const doc = `doc:${n}`;
  const document: DocumentNode = {
    label: "Document",
    id: doc,
    doc_id: doc,
    uri: `file:///docs/${n}.md`,
    title: `Doc ${n}`,
    kind: "markdown",
    content_hash: `hash-${n}`,
    last_modified: "2026-01-01T00:00:00.000Z",
    pages: 0,
    warnings: [],
  };
  const section = (s: number, level: 1 | 2, title: string): SectionNode => ({
    label: "Section",
    id: `${doc}:s${s}`,
    doc_id: doc,
    section_id: `${doc}:s${s}`,
    title,
    level,
    heading_path: [title],
    breadcrumbs: `Doc ${n} > ${title}`,
    synthetic: false,
    sub_anchors: [],
    sub_titles: [],
    seq: s,
  });
  const chunk = (s: number, c: number, text: string): ChunkNode => ({
    label: "Chunk",
    id: `${doc}:s${s}:c${c}`,
    doc_id: doc,
    chunk_id: `${doc}:s${s}:c${c}`,
    section_id: `${doc}:s${s}`,
    seq: s * 10 + c,
    text,
    content_type: "text",
    subheadings: n === 1 && s === 1 ? ["Quarterly revenue"] : [],
    heading_path: n === 1 && s === 1 ? ["Financial results", "Quarterly revenue"] : [],
    char_start: 0,
    char_end: text.length,
    bboxes: [],
    token_count: text.split(" ").length,
    content_hash: `h-${n}-${s}-${c}`,
    status: "PENDING",
    retry_count: 0,
  });
  const topic = n === 1 ? "Revenue grew in the mobility segment" : "Freight volumes declined sharply";
  const nodes = [
    document,
    section(1, 1, n === 1 ? "Financial results" : "Operations"),
    section(2, 2, "Details"),
    chunk(1, 1, `${topic} during the year.`),
    chunk(1, 2, "See Note 7 for the breakdown by region."),
    chunk(2, 1, "Delivery bookings are described here."),
  ];
  const e = (src: string, type: GraphEdge["type"], dst: string, section_id = ""): GraphEdge => ({
    src,
    type,
    dst,
    section_id,
    doc_id: doc,
    props: {},
  });
  const edges: GraphEdge[] = [
    e(doc, "CONTAINS", `${doc}:s1`),
    e(doc, "CONTAINS", `${doc}:s2`),
    e(`${doc}:s2`, "PART_OF", `${doc}:s1`),
    e(`${doc}:s1`, "CONTAINS", `${doc}:s1:c1`),
    e(`${doc}:s1`, "CONTAINS", `${doc}:s1:c2`),
    e(`${doc}:s2`, "CONTAINS", `${doc}:s2:c1`),
    e(`${doc}:s1:c1`, "NEXT", `${doc}:s1:c2`),
    e(`${doc}:s1:c2`, "NEXT", `${doc}:s2:c1`),
    {
      ...e(`${doc}:s1`, "REFERS_TO", `${doc}:s2`, `${doc}:s1`),
      props: { reason: "DETAILED_IN", locator: "Note 7" },
    },
  ];
  return { nodes, edges };
}
