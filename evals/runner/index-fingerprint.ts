import { sha256 } from "../../src/domain/ids.js";

/** Bump when what the eval store holds changes in a way the other inputs do not capture (v2: JSONL titles HTML-decoded). */
export const EVAL_INDEX_VERSION = "eval-index-v2";

export interface IndexFingerprintInput {
  /** sha256 of the corpus file's bytes. */
  corpusHash: string;
  /** Embedder model id, or "none". */
  embedderId: string;
  chunkTokens: number;
  /** Names (and vector model ids) of the chunk processors the index runs. */
  processors: readonly string[];
  version?: string;
}

/**
 * Cache key of an eval store: corpus content and index configuration. A changed corpus,
 * embedder, chunk size, processor set or version gives a new store file instead of reusing a stale one.
 */
export function indexFingerprint(input: IndexFingerprintInput): string {
  const config = {
    version: input.version ?? EVAL_INDEX_VERSION,
    embedder: input.embedderId,
    chunkTokens: input.chunkTokens,
    processors: [...input.processors],
  };
  return sha256(`${input.corpusHash}\u0000${JSON.stringify(config)}`).slice(0, 16);
}
