import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CommunitySummarizer } from "../src/index/communities/community-summarizer.js";
import type { GraphStore } from "../src/store/graph-store.js";
import { communitySearch } from "./community-search.js";
import { fixtureStore } from "./test-store.js";

describe("community_search when the LLM summarizer fails", () => {
  let store: GraphStore;
  beforeAll(async () => {
    store = await fixtureStore();
  }, 120_000);
  afterAll(async () => store.close());

  it("falls back to extractive summaries for that question, says so once, and tries the LLM again next time", async () => {
    let calls = 0;
    const failing: CommunitySummarizer = {
      id: "llm:down",
      source: "llm",
      summarize: async () => {
        calls++;
        throw new Error("connect ECONNREFUSED 127.0.0.1:1");
      },
    };
    const query = "What are the main themes?";
    const r = await communitySearch({ store, summarizer: failing }, { query, communities: 3 });
    expect(calls).toBe(1); // the rest of this question does not wait on a dead server again
    expect(r.communities.length).toBeGreaterThan(1);
    expect(r.communities.every((c) => c.summary_source === "extractive" && c.summary.length > 0)).toBe(true);
    expect(r.notes.filter((n) => n.startsWith("llm summary:"))).toEqual([
      "llm summary: connect ECONNREFUSED 127.0.0.1:1; fell back to the extractive summarizer for the remaining communities",
    ]);
    expect(r.bundle.evidence.length).toBeGreaterThan(0);
    await communitySearch({ store, summarizer: failing }, { query, communities: 3 });
    expect(calls).toBe(2);
  });
});
