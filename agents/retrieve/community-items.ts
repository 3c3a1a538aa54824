import type { ChunkNode } from "../../src/domain/chunk.js";
import type { Evidence } from "../../src/retrieval/context-bundle.js";
import { leadOf } from "../../src/retrieval/section-summaries.js";
import type { GraphStore } from "../../src/store/graph-store.js";
import { CommunitySearchResultSchema } from "../../tools/community-search.js";
import type { ToolResult } from "../../tools/tool-result.js";

/** Words of a community summary an item carries: four fit in a quarter of the default budget. */
export const SUMMARY_WORDS = 80;

const CommunitiesSchema = CommunitySearchResultSchema.shape.communities;

/**
 * The community summaries community_search produced, as text with the chunk each comes from: the
 * best passage of the bundle in one of the community's sections, else the first chunk of the
 * first section the summary was drawn from.
 */
export async function communityItems(
  store: GraphStore,
  results: readonly ToolResult[],
  passages: ReadonlyArray<Pick<Evidence, "chunk_id" | "section_id">>,
): Promise<Array<{ chunk_id: string; text: string }>> {
  const out: Array<{ chunk_id: string; text: string }> = [];
  for (const r of results) {
    if (r.tool !== "community_search") continue;
    const parsed = CommunitiesSchema.safeParse((r as { communities?: unknown }).communities);
    for (const c of parsed.success ? parsed.data : []) {
      if (!c.summary.trim()) continue;
      const sections = new Set(c.sections);
      const chunk =
        passages.find((p) => sections.has(p.section_id))?.chunk_id ??
        (await firstChunk(store, c.sections[0]));
      if (chunk) out.push({ chunk_id: chunk, text: `${c.title}: ${leadOf(c.summary, SUMMARY_WORDS)}` });
    }
  }
  return out;
}

async function firstChunk(store: GraphStore, section: string | undefined): Promise<string | undefined> {
  if (!section) return undefined;
  const sub = await store.traverse([section], {
    edgeTypes: ["CONTAINS"],
    direction: "out",
    depth: 1,
    limit: 500,
  });
  return sub.nodes
    .filter((n): n is ChunkNode => n.label === "Chunk" && n.section_id === section)
    .sort((a, b) => a.seq - b.seq)[0]?.id;
}
