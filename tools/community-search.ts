import { tool } from "@langchain/core/tools";
import { z } from "zod";
import type { ChunkNode } from "../src/domain/chunk.js";
import type { CommunityNode } from "../src/domain/community.js";
import { stem, words } from "../src/domain/text/analyzer.js";
import { describeError } from "../src/errors.js";
import type { CommunitySummarizer } from "../src/index/communities/community-summarizer.js";
import { communitySummary } from "../src/index/communities/community-summary.js";
import { createExtractiveSummarizer } from "../src/index/communities/extractive-summarizer.js";
import type { RetrievedChunk } from "../src/retrieval/retrieval-mode.js";
import { FilterField, filterOption, scopeOf } from "./tool-filter.js";
import { BudgetField, QueryField, type ToolDeps, ToolResultSchema, toolResult } from "./tool-result.js";

export const CommunitySearchInputSchema = z.object({
  query: QueryField,
  communities: z
    .number()
    .int()
    .min(1)
    .max(10)
    .default(4)
    .describe("communities to summarise and draw passages from"),
  kind: z
    .enum(["section", "entity", "both"])
    .default("section")
    .describe("communities of sections, of entities, or both"),
  passages: z.number().int().min(1).max(8).default(3).describe("best member passages per community"),
  budget: BudgetField,
  filter: FilterField,
});
export type CommunitySearchInput = z.input<typeof CommunitySearchInputSchema>;

export const CommunityContextSchema = z.object({
  id: z.string(),
  kind: z.enum(["section", "entity"]),
  title: z.string(),
  member_count: z.number().int(),
  score: z.number(),
  summary: z.string(),
  summary_source: z.enum(["extractive", "llm"]),
  /** Section ids the summary was drawn from. */
  sections: z.array(z.string()),
  cached: z.boolean(),
});
/** A ToolResult plus the summaries of the communities the passages came from (map-reduce context). */
export const CommunitySearchResultSchema = ToolResultSchema.extend({
  communities: z.array(CommunityContextSchema),
});
export type CommunitySearchResult = z.infer<typeof CommunitySearchResultSchema>;

export interface CommunitySearchDeps extends ToolDeps {
  /** Defaults to the offline extractive summarizer. */
  summarizer?: CommunitySummarizer;
}

const BM25_HITS = 100;
const stems = (text: string) =>
  new Set(
    words(text)
      .filter((w) => w.length > 2)
      .map(stem),
  );

/**
 * Global questions: rank communities by the BM25 hits among their members (reciprocal rank)
 * plus question terms in their title and top terms, falling back to the largest communities
 * when nothing matches ("what are the main themes?"). Map: each top community's (lazily
 * cached) summary and its best member passages; reduce: the passages interleaved across
 * communities into one cited bundle, the summaries beside it.
 */
export async function communitySearch(
  deps: CommunitySearchDeps,
  raw: CommunitySearchInput,
): Promise<CommunitySearchResult> {
  const input = CommunitySearchInputSchema.parse(raw);
  const { store } = deps;
  const offline = createExtractiveSummarizer();
  let summarizer = deps.summarizer ?? offline;
  const all = (await store.findNodes({ label: "Community" })).filter(
    (c) => input.kind === "both" || c.kind === input.kind,
  );
  const notes: string[] = [];
  if (all.length === 0) notes.push("no communities in the store (run an ingest to build them)");
  const filter = scopeOf(deps, input);
  // A summary speaks for a whole community, which may reach beyond the filter: passages only.
  if (filter) notes.push("filter: community summaries left out, passages from the filtered search only");

  const hits = await store.searchText(input.query, { k: BM25_HITS, ...filterOption(filter) });
  const chunks = new Map(
    (await store.getNodes(hits.map((h) => h.id)))
      .filter((n): n is ChunkNode => n.label === "Chunk")
      .map((c) => [c.id, c]),
  );
  const membership = new Map<string, string[]>();
  for (const e of await store.findEdges({ type: "IN_COMMUNITY" })) {
    membership.set(e.src, [...(membership.get(e.src) ?? []), e.dst]);
  }
  const score = new Map<string, number>();
  const best = new Map<string, Array<{ chunk: ChunkNode; score: number }>>();
  for (const [rank, h] of hits.entries()) {
    const chunk = chunks.get(h.id);
    if (!chunk) continue;
    const owners = new Set(membership.get(chunk.section_id) ?? []);
    if (input.kind !== "section") {
      for (const m of await store.findEdges({ type: "MENTIONED_IN", dst: chunk.id })) {
        for (const c of membership.get(m.src) ?? []) owners.add(c);
      }
    }
    for (const c of owners) {
      score.set(c, (score.get(c) ?? 0) + 1 / (10 + rank));
      best.set(c, [...(best.get(c) ?? []), { chunk, score: h.score }]);
    }
  }
  const q = stems(input.query);
  const termScore = (c: CommunityNode) => {
    const t = stems(`${c.title} ${c.top_terms.join(" ")}`);
    let n = 0;
    for (const w of q) if (t.has(w)) n++;
    return n / Math.sqrt(t.size + 1);
  };
  const ranked = all
    .map((c) => ({ c, s: (score.get(c.id) ?? 0) + 0.1 * termScore(c) }))
    .sort((a, b) => b.s - a.s || b.c.member_count - a.c.member_count || (a.c.id < b.c.id ? -1 : 1));
  if (ranked.length > 0 && (ranked[0]?.s ?? 0) === 0)
    notes.push("no community matches the question: the largest ones");
  const chosen = ranked.slice(0, input.communities);

  const contexts: CommunitySearchResult["communities"] = [];
  const lanes: RetrievedChunk[][] = [];
  for (const { c, s } of chosen) {
    let made: Awaited<ReturnType<typeof communitySummary>>;
    try {
      made = await communitySummary(store, c.id, summarizer);
    } catch (error) {
      // A failing LLM summarizer never fails the question: the offline one takes over (its summary
      // is cached under its own key, so a later question asks the LLM again).
      if (summarizer === offline) throw error;
      notes.push(
        `llm summary: ${describeError(error)}; fell back to the extractive summarizer for the remaining communities`,
      );
      summarizer = offline;
      made = await communitySummary(store, c.id, summarizer);
    }
    contexts.push({
      id: c.id,
      kind: c.kind,
      title: c.title,
      member_count: c.member_count,
      score: Number(s.toFixed(6)),
      summary: made.summary,
      summary_source: made.source,
      sections: made.sections,
      cached: made.cached,
    });
    const lane: RetrievedChunk[] = (best.get(c.id) ?? [])
      .slice(0, input.passages)
      .map(({ chunk, score }) => ({
        chunk_id: chunk.id,
        section_id: chunk.section_id,
        doc_id: chunk.doc_id,
        score,
      }));
    // Too few matching passages: the passages the summary was drawn from stand in.
    for (const sid of made.sections) {
      if (lane.length >= input.passages) break;
      if (lane.some((r) => r.section_id === sid)) continue;
      const sub = await store.traverse([sid], {
        edgeTypes: ["CONTAINS"],
        direction: "out",
        depth: 1,
        limit: 500,
      });
      const [first] = sub.nodes
        .filter((n): n is ChunkNode => n.label === "Chunk")
        .sort((a, b) => a.seq - b.seq);
      if (first) lane.push({ chunk_id: first.id, section_id: sid, doc_id: first.doc_id, score: 0 });
    }
    lanes.push(lane);
  }
  // Round-robin across communities so the bundle covers every theme before going deep in one.
  const merged: RetrievedChunk[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < input.passages; i++) {
    for (const lane of lanes) {
      const r = lane[i];
      if (r && !seen.has(r.chunk_id)) {
        seen.add(r.chunk_id);
        merged.push({ ...r, score: Number((1 / (1 + merged.length)).toFixed(6)) });
      }
    }
  }
  const base = await toolResult(store, {
    tool: "community_search",
    query: input.query,
    mode: `communities:${input.kind}`,
    ranked: merged,
    budget: input.budget,
    filter,
    entities: contexts.flatMap((c) => c.title.split(" · ")).slice(0, 20),
    notes: [
      ...notes,
      ...contexts.map(
        (c) =>
          `community "${c.title}" (${c.member_count} members, ${c.summary_source}${c.cached ? ", cached" : ""})`,
      ),
    ],
  });
  return CommunitySearchResultSchema.parse({ ...base, communities: filter ? [] : contexts });
}

export function createCommunitySearchTool(deps: CommunitySearchDeps) {
  return tool((input) => communitySearch(deps, input), {
    name: "community_search",
    description:
      "For broad or global questions (main themes, overviews, what a corpus says about X overall): ranks graph communities of related sections, returns each one's summary and its best passages as a cited context bundle.",
    schema: CommunitySearchInputSchema,
  });
}
