import { resolve } from "node:path";
import type { Config } from "../../config.js";
import { describeError, userError } from "../../errors.js";
import type { Embedder } from "./embedder.js";
import { createFallbackEmbedder } from "./fallback-embedder.js";
import { createLocalEmbedder, localModelPresent } from "./local-embedder.js";
import { createOpenAIEmbedder } from "./openai-embedder.js";
import { defaultModelDir } from "./package-root.js";

export type EmbedderConfig = Pick<
  Config,
  | "embedder"
  | "embeddingModel"
  | "modelDir"
  | "allowRemoteModels"
  | "embeddingBatchSize"
  | "openaiApiKey"
  | "openaiBaseUrl"
  | "openaiEmbeddingModel"
  | "embeddingDimensions"
>;

export interface EmbedderChoice {
  embedder: Embedder;
  /** Set whenever the embedder is not what was asked for or not neural: callers print it to stderr. */
  warning?: string;
}

/**
 * The embedder the configuration asks for: the local neural model by default, OpenAI (or a
 * compatible server) when AGR_EMBEDDER=openai, none (undefined) when AGR_EMBEDDER=none. A
 * missing local model degrades to the hashing fallback with a warning, never silently; a model
 * that is present but broken throws.
 */
export async function createEmbedder(config: EmbedderConfig): Promise<EmbedderChoice | undefined> {
  if (config.embedder === "none") return undefined;
  if (config.embedder === "fallback") {
    return {
      embedder: createFallbackEmbedder(),
      warning:
        "WARNING: AGR_EMBEDDER=fallback: vectors are hashed words, not a neural model; dense retrieval will be weak",
    };
  }
  if (config.embedder === "openai") {
    if (!config.openaiApiKey && !config.openaiBaseUrl) {
      throw userError(
        "openai_key",
        "AGR_EMBEDDER=openai needs OPENAI_API_KEY (or OPENAI_BASE_URL for a local server)",
      );
    }
    const embedder = await createOpenAIEmbedder({
      // OpenAI-compatible local servers usually accept any key.
      apiKey: config.openaiApiKey ?? "unused",
      model: config.openaiEmbeddingModel,
      batchSize: config.embeddingBatchSize,
      ...(config.openaiBaseUrl ? { baseUrl: config.openaiBaseUrl } : {}),
      ...(config.embeddingDimensions ? { dimensions: config.embeddingDimensions } : {}),
    });
    return { embedder };
  }
  const modelDir = config.modelDir ? resolve(config.modelDir) : defaultModelDir();
  const options = {
    modelDir,
    model: config.embeddingModel,
    allowRemote: config.allowRemoteModels,
    batchSize: config.embeddingBatchSize,
  };
  if (localModelPresent(modelDir, config.embeddingModel))
    return { embedder: await createLocalEmbedder(options) };
  const fallback = (reason: string): EmbedderChoice => ({
    embedder: createFallbackEmbedder(),
    warning: `WARNING: ${reason}; using the non-neural fallback embedder (hashed words): dense retrieval will be weak`,
  });
  if (!config.allowRemoteModels) {
    return fallback(
      `no embedding model ${config.embeddingModel} in ${modelDir} (run npm run models, or AGR_ALLOW_REMOTE_MODELS=1 with a model hub)`,
    );
  }
  try {
    return { embedder: await createLocalEmbedder(options) };
  } catch (error) {
    return fallback(
      `embedding model ${config.embeddingModel} is not in ${modelDir} and the hub failed: ${describeError(error)}`,
    );
  }
}
