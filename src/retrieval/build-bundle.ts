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
    const first = chunk.page_start;
    const boxes = (page: number) => chunk.bboxes.filter((b) => b.page === page);
    const breaks = chunk.page_breaks ?? [];
    return {
      kind: "pdf",
      uri,
      page: first,
      bboxes: boxes(first),
      ...(breaks.length > 0
        ? {
            pages: [0, ...breaks].map((at, i) => ({ page: first + i, at, bboxes: boxes(first + i) })),
          }
        : {}),
    };
  }
  const fragment = section?.anchor;
  return { kind: "url", url: fragment ? `${uri}#${encodeURIComponent(fragment)}` : uri };
}

/** Where a chunk sits, as evidence carries it: ids, title, headings, offsets and its citation. */
export type ChunkLocation = Pick<
  Evidence,
  "chunk_id" | "section_id" | "doc_id" | "title" | "heading_path" | "char_start" | "char_end" | "citation"
>;

/**
 * The location of each chunk (given as nodes, or ids read from the store), so that any item
 * citing a chunk (a passage, or a fact stated in it) opens the same place.
 */
export async function locateChunks(
  store: GraphStore,
  chunks: ReadonlyArray<ChunkNode | string>,
): Promise<Map<string, ChunkLocation>> {
  const ids = chunks.filter((c): c is string => typeof c === "string");
  const loaded = ids.length
    ? (await store.getNodes([...new Set(ids)])).filter((n): n is ChunkNode => n.label === "Chunk")
    : [];
  const nodes = [...chunks.filter((c): c is ChunkNode => typeof c !== "string"), ...loaded];
  const related = await store.getNodes([...new Set(nodes.flatMap((c) => [c.section_id, c.doc_id]))]);
  const sections = new Map(related.flatMap((n) => (n.label === "Section" ? [[n.id, n] as const] : [])));
  const docs = new Map(related.flatMap((n) => (n.label === "Document" ? [[n.id, n] as const] : [])));
  return new Map(
    nodes.map((chunk) => [
      chunk.id,
      {
        chunk_id: chunk.id,
        section_id: chunk.section_id,
        doc_id: chunk.doc_id,
        title: docs.get(chunk.doc_id)?.title ?? "",
        heading_path: chunk.heading_path,
        char_start: chunk.char_start,
        char_end: chunk.char_end,
        citation: citationFor(chunk, sections.get(chunk.section_id), docs.get(chunk.doc_id)),
      },
    ]),
  );
}

/** An evidence item at a chunk's location (fields in the order JSON consumers have always seen). */
export function evidenceAt(
  at: ChunkLocation,
  sid: string,
  text: string,
  score: number,
  extra: Pick<Evidence, "expansion" | "kind"> = {},
): Evidence {
  return {
    sid,
    chunk_id: at.chunk_id,
    section_id: at.section_id,
    doc_id: at.doc_id,
    title: at.title,
    heading_path: at.heading_path,
    text,
    char_start: at.char_start,
    char_end: at.char_end,
    score,
    citation: at.citation,
    ...extra,
  };
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
  const located = await locateChunks(
    store,
    picked.map((p) => p.chunk),
  );
  const evidence: Evidence[] = picked.flatMap(({ chunk }, i) => {
    const at = located.get(chunk.id);
    const expansion = byId.get(chunk.id)?.expansion;
    return at
      ? [
          evidenceAt(
            at,
            `S${i + 1}`,
            chunk.text,
            byId.get(chunk.id)?.score ?? 0,
            expansion ? { expansion } : {},
          ),
        ]
      : [];
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

/**
 * The bundle with its weakest passages dropped until `reserve` tokens are free for other items
 * (graph facts, paths, summaries), never below `minPassages`; the section summaries follow the
 * passages kept. Unchanged when the room is already there.
 */
export async function makeRoom(
  store: GraphStore,
  bundle: ContextBundle,
  reserve: number,
  minPassages: number,
): Promise<ContextBundle> {
  if (bundle.token_count + reserve <= bundle.token_budget) return bundle;
  const tokens = new Map(
    (await store.getNodes(bundle.evidence.map((e) => e.chunk_id))).flatMap((n) =>
      n.label === "Chunk" ? [[n.id, n.token_count] as const] : [],
    ),
  );
  const passageTokens = (n: number) =>
    bundle.evidence.slice(0, n).reduce((a, e) => a + (tokens.get(e.chunk_id) ?? 0), 0);
  // Summaries only shrink as passages go, so today's count is an upper bound while cutting.
  const fixed = summaryTokens(bundle.summaries);
  let keep = bundle.evidence.length;
  while (keep > minPassages && passageTokens(keep) + fixed + reserve > bundle.token_budget) keep--;
  if (keep === bundle.evidence.length) return bundle;
  const evidence = bundle.evidence.slice(0, keep);
  const summaries = await loadSummaries(
    store,
    evidence.map((e) => e.section_id),
  );
  return { ...bundle, evidence, summaries, token_count: passageTokens(keep) + summaryTokens(summaries) };
}
