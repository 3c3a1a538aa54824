import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixtureStore } from "../../../tools/test-store.js";
import { loadConfig } from "../../config.js";
import { startLlmServer } from "../../llm/test-llm-server.js";
import type { GraphStore } from "../../store/graph-store.js";
import { communitySummary } from "./community-summary.js";
import { createCommunitySummarizer } from "./llm-summarizer.js";

// A REAL local model server (scripts/llm-server.mjs, as in src/llm/llm.int.test.ts); never skipped.
let server: { baseUrl: string; stop(): void } | undefined;
let baseUrl = "";
let store: GraphStore;

beforeAll(async () => {
  store = await fixtureStore();
  server = await startLlmServer();
  baseUrl = server.baseUrl;
}, 900_000);

afterAll(async () => {
  server?.stop();
  await store?.close();
});

describe("LLM community summaries against a real local model server", () => {
  it("writes the summary through the configured chat model, caches it, and stays extractive without AGR_LLM", async () => {
    const config = loadConfig(
      {},
      {
        AGR_LLM: "openai",
        AGR_LLM_BASE_URL: baseUrl,
        AGR_LLM_MODEL: "smollm2-135m",
        AGR_LLM_MAX_TOKENS: "96",
      },
    );
    const summarizer = await createCommunitySummarizer(config);
    expect(summarizer.source).toBe("llm");
    const [c] = (await store.findNodes({ label: "Community" })).filter((x) => x.kind === "section");
    if (!c) throw new Error("no section community");
    const made = await communitySummary(store, c.id, summarizer);
    expect(made).toMatchObject({ cached: false, source: "llm" });
    expect(made.summary.trim().length).toBeGreaterThan(0);
    expect(made.sections.length).toBeGreaterThan(0);
    const node = await store.getNode(c.id);
    expect(node?.label === "Community" && node.summary_source).toBe("llm");
    expect((await communitySummary(store, c.id, summarizer)).cached).toBe(true);
    const offline = await createCommunitySummarizer(loadConfig({}, {}));
    expect(offline.source).toBe("extractive");
    expect((await communitySummary(store, c.id, offline)).source).toBe("extractive");
  }, 300_000);
});
