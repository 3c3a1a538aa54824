import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.js";
import type { Embedder } from "../src/index/embeddings/embedder.js";
import { tempDir } from "../src/ingest/test-helpers.js";
import { fixtureDocument } from "../src/store/contract-fixture.js";
import { SqliteGraphStore } from "../src/store/embedded/sqlite-store.js";
import { answererOf, configuredDeps, openAgentDeps } from "./agent-deps.js";

const embedderOf = (id: string): Embedder => ({
  id,
  dim: 2,
  kind: "neural",
  embedQueries: async (t) => t.map(() => new Float32Array([1, 0])),
  embedPassages: async (t) => t.map(() => new Float32Array([1, 0])),
});

describe("openAgentDeps", () => {
  it("refuses an embedder of another model than the store's vectors, accepts the same one", async () => {
    const storePath = join(tempDir("agr-deps-"), "graph.db");
    const store = SqliteGraphStore.open(storePath);
    await store.write(fixtureDocument(1));
    await store.upsertVectors({ id: "model-a", dim: 2 }, [
      { id: "doc:1:s1:c1", kind: "text", vector: new Float32Array([1, 0]) },
    ]);
    await store.close();
    const config = loadConfig({ storePath }, {});
    await expect(openAgentDeps(config, async () => ({ embedder: embedderOf("model-b") }))).rejects.toThrow(
      /store holds vectors of model-a/,
    );
    const opened = await openAgentDeps(config, async () => ({ embedder: embedderOf("model-a") }));
    expect(opened.deps.embedder?.id).toBe("model-a");
    await opened.close();
  });
});

describe("configuredDeps", () => {
  it("carries the reader settings the environment gives, and nothing when it gives none", () => {
    expect(configuredDeps(loadConfig({}, {}))).not.toHaveProperty("readerMinScore");
    expect(configuredDeps(loadConfig({}, {}))).not.toHaveProperty("readerSimilarity");
    const tuned = loadConfig({}, { AGR_READER_SIMILARITY: "1", AGR_READER_MIN_SCORE: "0.4" });
    expect(configuredDeps(tuned)).toMatchObject({ readerSimilarity: true, readerMinScore: 0.4, llm: tuned });
    expect(answererOf(tuned)).toBe("offline (reader similarity, reader floor 0.4)");
    expect(answererOf(loadConfig({}, {}))).toBe("offline");
    expect(answererOf(loadConfig({}, { AGR_LLM: "openai", AGR_LLM_MODEL: "m1" }))).toBe("openai:m1");
  });

  it("refuses a reader floor outside 0..1 by its variable's name", () => {
    expect(() => loadConfig({}, { AGR_READER_MIN_SCORE: "1.5" })).toThrow(/AGR_READER_MIN_SCORE/);
    expect(() => loadConfig({}, { AGR_READER_MIN_SCORE: "high" })).toThrow(/AGR_READER_MIN_SCORE/);
  });
});
