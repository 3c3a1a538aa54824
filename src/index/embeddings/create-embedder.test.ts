import { describe, expect, it } from "vitest";
import { loadConfig } from "../../config.js";
import { tempDir } from "../../ingest/test-helpers.js";
import { createEmbedder } from "./create-embedder.js";
import { defaultModelDir, packageRoot } from "./package-root.js";

describe("createEmbedder", () => {
  it("reads the embedding settings from the environment", () => {
    const c = loadConfig(
      {},
      {
        AGR_EMBEDDER: "openai",
        AGR_EMBEDDING_MODEL: "all-MiniLM-L6-v2",
        AGR_ALLOW_REMOTE_MODELS: "1",
        OPENAI_BASE_URL: "http://127.0.0.1:8080/v1",
        AGR_EMBEDDING_DIMENSIONS: "256",
      },
    );
    expect(c).toMatchObject({
      embedder: "openai",
      embeddingModel: "all-MiniLM-L6-v2",
      allowRemoteModels: true,
      openaiBaseUrl: "http://127.0.0.1:8080/v1",
      embeddingDimensions: 256,
      openaiEmbeddingModel: "text-embedding-3-small",
    });
    expect(loadConfig({}, {})).toMatchObject({
      embedder: "local",
      allowRemoteModels: false,
      embeddingBatchSize: 32,
    });
    expect(() => loadConfig({}, { AGR_EMBEDDER: "magic" })).toThrow(/AGR_EMBEDDER/);
  });

  it("finds the models dir from the package root, not the cwd", () => {
    expect(defaultModelDir()).toBe(`${packageRoot()}/.cache/models`);
  });

  it("falls back loudly when the local model is missing", async () => {
    const config = loadConfig({ modelDir: tempDir("agr-no-models-") }, {});
    const choice = await createEmbedder(config);
    expect(choice?.embedder.kind).toBe("fallback");
    expect(choice?.warning).toMatch(/^WARNING: no embedding model .* npm run models.*fallback/);
  });

  it("warns whenever the fallback is chosen explicitly", async () => {
    const choice = await createEmbedder(loadConfig({ embedder: "fallback" }, {}));
    expect(choice?.embedder.kind).toBe("fallback");
    expect(choice?.warning).toMatch(/not a neural model/);
  });

  it("builds nothing for AGR_EMBEDDER=none", async () => {
    expect(await createEmbedder(loadConfig({}, { AGR_EMBEDDER: "none" }))).toBeUndefined();
  });

  it("refuses openai without a key or base URL", async () => {
    await expect(createEmbedder(loadConfig({ embedder: "openai" }, {}))).rejects.toThrow(/OPENAI_API_KEY/);
  });
});
