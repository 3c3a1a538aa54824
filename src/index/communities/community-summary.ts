import { createHash } from "node:crypto";
import type { ChunkNode } from "../../domain/chunk.js";
import type { CommunityNode } from "../../domain/community.js";
import type { SectionNode } from "../../domain/section.js";
import { userError } from "../../errors.js";
import type { GraphStore } from "../../store/graph-store.js";
import type { CommunitySummarizer, SummarySource } from "./community-summarizer.js";

/** Member sections read for a summary (most authoritative first) and chunks per section. */
const MAX_SECTIONS = 40;
const CHUNKS_PER_SECTION = 2;

export interface CommunitySummaryResult {
  community: CommunityNode;
  summary: string;
  source: "extractive" | "llm";
  sections: string[];
  /** True when the stored summary was still valid (same summarizer, same member content). */
  cached: boolean;
}

/** Member sections of a community: directly (section kind) or those mentioning its entities. */
async function memberSections(store: GraphStore, community: CommunityNode): Promise<SectionNode[]> {
  const members = (await store.findEdges({ type: "IN_COMMUNITY", dst: community.id })).map((e) => e.src);
  let ids = members;
  if (community.kind === "entity") {
    const counts = new Map<string, number>();
    for (const entity of members.slice(0, 50)) {
      for (const m of await store.findEdges({ type: "MENTIONS", dst: entity })) {
        counts.set(m.src, (counts.get(m.src) ?? 0) + 1);
      }
    }
    // Sections naming most of the community's entities speak for it.
    ids = [...counts]
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .map(([id]) => id)
      .slice(0, MAX_SECTIONS);
  }
  const nodes = (await store.getNodes(ids)).filter((n): n is SectionNode => n.label === "Section");
  return nodes
    .sort((a, b) => (b.authority ?? 0) - (a.authority ?? 0) || (a.id < b.id ? -1 : 1))
    .slice(0, MAX_SECTIONS);
}

/**
 * The community's summary, made on first access and cached on the Community node. The cache
 * key hashes the summarizer id and the content hashes of the passages read, so editing a
 * member document (or switching to an LLM) re-summarises; an unchanged community never does.
 */
export async function communitySummary(
  store: GraphStore,
  communityId: string,
  summarizer: CommunitySummarizer,
): Promise<CommunitySummaryResult> {
  const node = await store.getNode(communityId);
  if (node?.label !== "Community") throw userError("not_found", `no community ${communityId}`);
  const sections = await memberSections(store, node);
  const sources: SummarySource[] = [];
  const hash = createHash("sha256").update(summarizer.id);
  // One traversal for every member's chunks: a per-section property filter would scan all chunks each time.
  const sub = await store.traverse(
    sections.map((s) => s.id),
    { edgeTypes: ["CONTAINS"], direction: "out", depth: 1, limit: 100_000 },
  );
  const bySection = new Map<string, ChunkNode[]>();
  for (const n of sub.nodes) {
    if (n.label === "Chunk") bySection.set(n.section_id, [...(bySection.get(n.section_id) ?? []), n]);
  }
  for (const s of sections) {
    const chunks = (bySection.get(s.id) ?? []).sort((a, b) => a.seq - b.seq);
    for (const c of chunks.slice(0, CHUNKS_PER_SECTION)) {
      hash.update(`\n${s.id}:${c.content_hash}`);
      sources.push({ section_id: s.id, title: s.title, text: c.text });
    }
  }
  const key = hash.digest("hex").slice(0, 24);
  if (node.summary && node.summary_key === key && node.summary_source) {
    return {
      community: node,
      summary: node.summary,
      source: node.summary_source,
      sections: node.summary_sections,
      cached: true,
    };
  }
  const made = await summarizer.summarize({ title: node.title, top_terms: node.top_terms, sources });
  const updated: CommunityNode = {
    ...node,
    summary: made.text,
    summary_source: summarizer.source,
    summary_key: key,
    summary_sections: made.sections,
  };
  await store.write({ nodes: [updated] });
  return {
    community: updated,
    summary: made.text,
    source: summarizer.source,
    sections: made.sections,
    cached: false,
  };
}
