import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.js";
import type { Embedder } from "../src/index/embeddings/embedder.js";
import { tempDir } from "../src/ingest/test-helpers.js";
import { fixtureDocument } from "../src/store/contract-fixture.js";
import { SqliteGraphStore } from "../src/store/embedded/sqlite-store.js";
import { openAgentDeps } from "./agent-deps.js";

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
