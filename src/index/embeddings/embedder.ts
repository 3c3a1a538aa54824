/**
 * Turns text into vectors. One interface for the local neural model (default), OpenAI or an
 * OpenAI-compatible server, and the dependency-free fallback used only when no model is present.
 */
export interface Embedder {
  /** Model id recorded in the store, e.g. "Xenova/all-MiniLM-L6-v2"; vectors of two ids never mix. */
  readonly id: string;
  readonly dim: number;
  /** "fallback" must be reported loudly (agr stats, eval reports): it is not a neural model. */
  readonly kind: "neural" | "api" | "fallback";
  /** Vectors for search queries (some models prefix an instruction); normalised to length 1. */
  embedQueries(texts: readonly string[]): Promise<Float32Array[]>;
  /** Vectors for stored passages; normalised to length 1. */
  embedPassages(texts: readonly string[]): Promise<Float32Array[]>;
  /** Frees model resources. */
  close?(): Promise<void>;
}
