import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChunkNode } from "../src/domain/chunk.js";
import { buildCommunities } from "../src/index/communities/build-communities.js";
import { communitySummary } from "../src/index/communities/community-summary.js";
import { createExtractiveSummarizer } from "../src/index/communities/extractive-summarizer.js";
import type { GraphStore } from "../src/store/graph-store.js";
import {
  CommunitySearchResultSchema,
  communitySearch,
  createCommunitySearchTool,
} from "./community-search.js";
import { fixtureStore } from "./test-store.js";

describe("communities and community_search over a real store of test/fixtures/docs", () => {
  let store: GraphStore;
  beforeAll(async () => {
    store = await fixtureStore();
  }, 120_000);
  afterAll(async () => store.close());

  it("ingest builds section and entity communities with IN_COMMUNITY members; a rebuild is identical", async () => {
    const communities = await store.findNodes({ label: "Community" });
    const sections = communities.filter((c) => c.kind === "section");
    expect(sections.length).toBeGreaterThan(0);
    expect(communities.some((c) => c.kind === "entity")).toBe(true);
    const first = sections[0];
    if (!first) throw new Error("no section community");
    const members = await store.findEdges({ type: "IN_COMMUNITY", dst: first.id });
    expect(members).toHaveLength(first.member_count);
    expect((await store.getNodes(members.map((m) => m.src))).every((n) => n.label === "Section")).toBe(true);
    expect((await store.findEdges({ type: "RELATED_SECTION" })).length).toBeGreaterThan(0);
    const report = await buildCommunities(store);
    expect(report.section_communities + report.entity_communities).toBe(communities.length);
    expect((await store.findNodes({ label: "Community" })).map((c) => c.id).sort()).toEqual(
      communities.map((c) => c.id).sort(),
    );
  });

  it("summaries are made on first access, cached, and remade when a member passage changes", async () => {
    const [c] = (await store.findNodes({ label: "Community" })).filter((x) => x.kind === "section");
    if (!c) throw new Error("no section community");
    const summarizer = createExtractiveSummarizer();
    const made = await communitySummary(store, c.id, summarizer);
    expect(made.cached).toBe(false);
    expect(made.summary.length).toBeGreaterThan(20);
    expect(made.sections.length).toBeGreaterThan(0);
    const again = await communitySummary(store, c.id, summarizer);
    expect(again).toMatchObject({ cached: true, summary: made.summary });
    // A rebuild keeps the summary of an unchanged community.
    expect((await buildCommunities(store)).summaries_kept).toBeGreaterThan(0);
    expect((await communitySummary(store, c.id, summarizer)).cached).toBe(true);
    const sectionId = made.sections[0] as string;
    const sub = await store.traverse([sectionId], { edgeTypes: ["CONTAINS"], direction: "out", depth: 1 });
    const chunk = sub.nodes.find((n): n is ChunkNode => n.label === "Chunk");
    if (!chunk) throw new Error("member section without chunks");
    await store.write({ nodes: [{ ...chunk, content_hash: "changed" }] });
    expect((await communitySummary(store, c.id, summarizer)).cached).toBe(false);
    expect((await communitySummary(store, c.id, createExtractiveSummarizer(2))).cached).toBe(false);
  });

  it("community_search returns community summaries and their cited passages", async () => {
    const out = CommunitySearchResultSchema.parse(
      await createCommunitySearchTool({ store }).invoke({
        query: "What is the overall story of Lotharingia and its rulers?",
      }),
    );
    expect(out.tool).toBe("community_search");
    expect(out.communities.length).toBeGreaterThan(0);
    expect(out.communities[0]?.score).toBeGreaterThan(0);
    expect(out.communities.every((c) => c.summary.length > 0)).toBe(true);
    expect(out.bundle.evidence.length).toBeGreaterThan(0);
    expect(out.bundle.evidence.map((e) => e.text).join(" ")).toMatch(/Lotharingia/);
    // Vague global question: no matching terms, the largest communities stand in.
    const vague = await communitySearch({ store }, { query: "zzz qqq", communities: 2 });
    expect(vague.communities.length).toBeGreaterThan(0);
    expect(vague.notes.join(" ")).toMatch(/largest/);
    await expect(createCommunitySearchTool({ store }).invoke({ query: "" })).rejects.toThrow();
  });
});
