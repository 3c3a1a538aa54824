import type { ChunkNode } from "../domain/chunk.js";
import type { DocumentNode } from "../domain/document.js";
import type { SectionNode } from "../domain/section.js";
import type { GraphStore } from "../store/graph-store.js";
import type { Citation, ContextBundle, Evidence } from "./context-bundle.js";
import { DEFAULT_DIVERSIFY, diversify } from "./diversify.js";
import type { RetrievedChunk } from "./retrieval-mode.js";
import { loadSummaries, summaryTokens } from "./section-summaries.js";

export const DEFAULT_TOKEN_BUDGET = 2000;

const sectionsOf = (picked: ReadonlyArray<{ chunk: ChunkNode }>) => picked.map((p) => p.chunk.section_id);

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

/**
 * Packs ranked chunks into a ContextBundle: diversified (at most 2 per section, 3 per page or
 * file, 6–12 in all), numbered S1..Sn, always with the parent-section summaries and breadcrumbs
 * of the evidence; evidence and summaries together stay within the token budget.
 */
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
  const byId = new Map(ranked.map((r) => [r.chunk_id, r]));
  const candidates = chunks.map((c) => ({
    id: c.id,
    section_id: c.section_id,
    locus: c.page_start ? `${c.doc_id}#p${c.page_start}` : c.doc_id,
    tokens: c.token_count,
    chunk: c,
  }));
  // Summaries are part of the bundle: repack the evidence within what they leave, then, as a
  // last resort, drop the weakest evidence until both fit (keeping one).
  const evidenceTokens = (xs: readonly { tokens: number }[]) => xs.reduce((a, p) => a + p.tokens, 0);
  let picked = diversify(candidates, budget, DEFAULT_DIVERSIFY);
  let summaries = await loadSummaries(store, sectionsOf(picked));
  for (let round = 0; round < 3 && evidenceTokens(picked) + summaryTokens(summaries) > budget; round++) {
    picked = diversify(candidates, Math.max(1, budget - summaryTokens(summaries)), DEFAULT_DIVERSIFY);
    summaries = await loadSummaries(store, sectionsOf(picked));
  }
  while (picked.length > 1 && evidenceTokens(picked) + summaryTokens(summaries) > budget) {
    picked = picked.slice(0, -1);
    summaries = await loadSummaries(store, sectionsOf(picked));
  }
  const related = await store.getNodes([
    ...new Set(picked.flatMap((p) => [p.chunk.section_id, p.chunk.doc_id])),
  ]);
  const sections = new Map(related.flatMap((n) => (n.label === "Section" ? [[n.id, n] as const] : [])));
  const docs = new Map(related.flatMap((n) => (n.label === "Document" ? [[n.id, n] as const] : [])));
  const evidence: Evidence[] = picked.map(({ chunk }, i) => {
    const expansion = byId.get(chunk.id)?.expansion;
    return {
      sid: `S${i + 1}`,
      chunk_id: chunk.id,
      section_id: chunk.section_id,
      doc_id: chunk.doc_id,
      title: docs.get(chunk.doc_id)?.title ?? "",
      heading_path: chunk.heading_path,
      text: chunk.text,
      char_start: chunk.char_start,
      char_end: chunk.char_end,
      score: byId.get(chunk.id)?.score ?? 0,
      citation: citationFor(chunk, sections.get(chunk.section_id), docs.get(chunk.doc_id)),
      ...(expansion ? { expansion } : {}),
    };
  });
  return {
    query,
    mode,
    summaries,
    evidence,
    token_count: evidenceTokens(picked) + summaryTokens(summaries),
    token_budget: budget,
  };
}
