import type { Config } from "../config.js";
import type { ChunkProcessor } from "../ingest/chunk-processor.js";
import { createReferenceProcessor } from "../ingest/reference-processor.js";
import type { EmbedderConfig } from "./embeddings/create-embedder.js";
import type { Embedder } from "./embeddings/embedder.js";
import { createEmbeddingProcessor } from "./embeddings/embedding-processor.js";
import { createEntityProcessor } from "./extract/entity-processor.js";

export interface IndexSetup {
  processors: ChunkProcessor[];
  embedder?: Embedder;
  /** Say it on stderr: e.g. the local model is missing and the hashing fallback is in use. */
  warning?: string;
  close(): Promise<void>;
}

/** The embedder the configuration selects, or none when AGR_EMBEDDER=none. */
export async function embedderFor(
  config: EmbedderConfig,
): Promise<{ embedder: Embedder; warning?: string } | undefined> {
  if (config.embedder === "none") return undefined;
  // Loaded on demand: onnxruntime takes seconds to load, and `agr stats` should not wait for it.
  const { createEmbedder } = await import("./embeddings/create-embedder.js");
  return createEmbedder(config);
}

/** Per-chunk work of a full index: references, entities with rule-based relations, then embeddings (when an embedder is given). */
export function indexProcessorsFor(embedder: Embedder | undefined): ChunkProcessor[] {
  return [
    createReferenceProcessor(),
    createEntityProcessor(),
    ...(embedder ? [createEmbeddingProcessor(embedder)] : []),
  ];
}

/** The processors of `indexProcessorsFor` with the embedder the configuration selects. */
export async function createIndexProcessors(config: Config): Promise<IndexSetup> {
  const chosen = await embedderFor(config);
  const embedder = chosen?.embedder;
  return {
    processors: indexProcessorsFor(embedder),
    ...(embedder ? { embedder } : {}),
    ...(chosen?.warning ? { warning: chosen.warning } : {}),
    close: async () => embedder?.close?.(),
  };
}
