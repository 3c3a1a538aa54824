import type { ChunkNode } from "../domain/chunk.js";
import type { DocumentNode } from "../domain/document.js";
import type { SectionNode } from "../domain/section.js";
import type { GraphStore } from "../store/graph-store.js";
import type { Citation, ContextBundle, Evidence } from "./context-bundle.js";
import { DEFAULT_DIVERSIFY, diversify } from "./diversify.js";
import type { RetrievedChunk } from "./retrieval-mode.js";

export const DEFAULT_TOKEN_BUDGET = 2000;

/** Resolvable citation: PDF page + boxes, else the source URL with the section's fragment. */
export function citationFor(
  chunk: ChunkNode,
  section: SectionNode | undefined,
  doc: DocumentNode | undefined,
): Citation {
  const uri = doc?.source_url ?? doc?.uri ?? "";
  if (doc?.kind === "pdf" && chunk.page_start) {
    return {
      kind: "pdf",
      uri,
      page: chunk.page_start,
      bboxes: chunk.bboxes.filter((b) => b.page === chunk.page_start),
    };
  }
  const fragment = section?.anchor;
  return { kind: "url", url: fragment ? `${uri}#${encodeURIComponent(fragment)}` : uri };
}

/** Packs ranked chunks into a ContextBundle: diversified, within the token budget, numbered S1..Sn. */
export async function buildBundle(
  store: GraphStore,
  query: string,
  mode: string,
  ranked: readonly RetrievedChunk[],
  budget = DEFAULT_TOKEN_BUDGET,
): Promise<ContextBundle> {
  const chunks = (await store.getNodes(ranked.map((r) => r.chunk_id))).filter(
    (n): n is ChunkNode => n.label === "Chunk",
  );
  const score = new Map(ranked.map((r) => [r.chunk_id, r.score]));
  const candidates = chunks.map((c) => ({
    id: c.id,
    section_id: c.section_id,
    locus: c.page_start ? `${c.doc_id}#p${c.page_start}` : c.doc_id,
    tokens: c.token_count,
    chunk: c,
  }));
  const picked = diversify(candidates, budget, DEFAULT_DIVERSIFY);
  const related = await store.getNodes([
    ...new Set(picked.flatMap((p) => [p.chunk.section_id, p.chunk.doc_id])),
  ]);
  const sections = new Map(related.flatMap((n) => (n.label === "Section" ? [[n.id, n] as const] : [])));
  const docs = new Map(related.flatMap((n) => (n.label === "Document" ? [[n.id, n] as const] : [])));
  const evidence: Evidence[] = picked.map(({ chunk }, i) => ({
    sid: `S${i + 1}`,
    chunk_id: chunk.id,
    section_id: chunk.section_id,
    doc_id: chunk.doc_id,
    title: docs.get(chunk.doc_id)?.title ?? "",
    heading_path: chunk.heading_path,
    text: chunk.text,
    char_start: chunk.char_start,
    char_end: chunk.char_end,
    score: score.get(chunk.id) ?? 0,
    citation: citationFor(chunk, sections.get(chunk.section_id), docs.get(chunk.doc_id)),
  }));
  const summaries = [...new Set(picked.map((p) => p.chunk.section_id))].map((id) => ({
    section_id: id,
    breadcrumbs: sections.get(id)?.breadcrumbs ?? "",
  }));
  return {
    query,
    mode,
    summaries,
    evidence,
    token_count: picked.reduce((a, p) => a + p.tokens, 0),
    token_budget: budget,
  };
}
