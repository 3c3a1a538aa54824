import { z } from "zod";
import { BboxSchema } from "../domain/bbox.js";
import type { ChunkNode } from "../domain/chunk.js";
import { notFound } from "../errors.js";
import { citationFor } from "../retrieval/build-bundle.js";
import { CitationSchema } from "../retrieval/context-bundle.js";
import type { GraphStore } from "../store/graph-store.js";

const NeighbourSchema = z.object({
  chunk_id: z.string(),
  heading_path: z.array(z.string()),
  text: z.string(),
});

/** A cited passage where it stands: its text, the chunks read just before and after it, and where to open it. */
export const SourcePassageSchema = z.object({
  chunk_id: z.string(),
  doc_id: z.string(),
  section_id: z.string(),
  uri: z.string(),
  title: z.string(),
  kind: z.string(),
  /** "Document title > H1 > H2" of the passage's section. */
  breadcrumbs: z.string(),
  heading_path: z.array(z.string()),
  content_type: z.string(),
  text: z.string(),
  char_start: z.number().int().nonnegative(),
  char_end: z.number().int().nonnegative(),
  page_start: z.number().int().positive().optional(),
  page_end: z.number().int().positive().optional(),
  /** Every box of the passage, on every page it spans (the citation keeps its first page's). */
  bboxes: z.array(BboxSchema),
  /** The same citation the search and ask results carry: url#fragment, or PDF page + boxes. */
  citation: CitationSchema,
  /** Chunks before the passage in reading order, nearest last. */
  before: z.array(NeighbourSchema),
  /** Chunks after the passage in reading order, nearest first. */
  after: z.array(NeighbourSchema),
});
export type SourcePassage = z.infer<typeof SourcePassageSchema>;

const neighbour = (c: ChunkNode) => ({ chunk_id: c.id, heading_path: c.heading_path, text: c.text });

/**
 * The passage a citation names (its chunk id) with `context` chunks on each side along the
 * document's NEXT edges (reading order, across section boundaries), its section's breadcrumbs
 * and its citation. A missing id, or one that is not a chunk, is a not-found error.
 */
export async function passageSource(
  store: GraphStore,
  chunkId: string,
  context: number,
): Promise<SourcePassage> {
  const node = await store.getNode(chunkId);
  if (node?.label !== "Chunk")
    throw notFound(
      "unknown_chunk",
      `no passage with chunk id ${JSON.stringify(chunkId.slice(0, 200))} (use a chunk_id from a search or ask citation)`,
    );
  const [section, doc] = await store
    .getNodes([node.section_id, node.doc_id])
    .then((nodes) => [nodes.find((n) => n.label === "Section"), nodes.find((n) => n.label === "Document")]);
  const sectionNode = section?.label === "Section" ? section : undefined;
  const docNode = doc?.label === "Document" ? doc : undefined;
  const before = await walk(store, node.id, "back", context);
  const after = await walk(store, node.id, "forward", context);
  return {
    chunk_id: node.id,
    doc_id: node.doc_id,
    section_id: node.section_id,
    uri: docNode?.uri ?? "",
    title: docNode?.title ?? "",
    kind: docNode?.kind ?? "",
    breadcrumbs: sectionNode?.breadcrumbs ?? node.heading_path.join(" > "),
    heading_path: node.heading_path,
    content_type: node.content_type,
    text: node.text,
    char_start: node.char_start,
    char_end: node.char_end,
    ...(node.page_start ? { page_start: node.page_start } : {}),
    ...(node.page_end ? { page_end: node.page_end } : {}),
    bboxes: node.bboxes,
    citation: citationFor(node, sectionNode, docNode),
    before: before.reverse().map(neighbour),
    after: after.map(neighbour),
  };
}

/** Up to `steps` chunks along NEXT from `start` (forward) or against it (back), nearest first. */
async function walk(
  store: GraphStore,
  start: string,
  way: "forward" | "back",
  steps: number,
): Promise<ChunkNode[]> {
  const out: ChunkNode[] = [];
  const seen = new Set([start]);
  let at = start;
  for (let i = 0; i < steps; i++) {
    const edges = await store.findEdges(
      way === "forward" ? { src: at, type: "NEXT", limit: 1 } : { dst: at, type: "NEXT", limit: 1 },
    );
    const next = way === "forward" ? edges[0]?.dst : edges[0]?.src;
    if (!next || seen.has(next)) break;
    const chunk = await store.getNode(next);
    if (chunk?.label !== "Chunk") break;
    seen.add(next);
    out.push(chunk);
    at = next;
  }
  return out;
}
