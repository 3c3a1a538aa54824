import type { CreateEmbedder } from "../../agents/agent-deps.js";
import type { Embedder } from "../index/embeddings/embedder.js";

/**
 * One model for every workspace of a server: the first engine loads it, the others get the same
 * instance with a `close` that does nothing (an engine closing must not unload a model another
 * still uses); `close()` here frees it once, after every engine closed.
 */
export function shareEmbedder(create: CreateEmbedder): { create: CreateEmbedder; close(): Promise<void> } {
  let made: ReturnType<CreateEmbedder> | undefined;
  return {
    create: async (config) => {
      made ??= create(config);
      const m = await made;
      if (!m) return undefined;
      const borrowed: Embedder = {
        id: m.embedder.id,
        dim: m.embedder.dim,
        kind: m.embedder.kind,
        embedQueries: (t) => m.embedder.embedQueries(t),
        embedPassages: (t) => m.embedder.embedPassages(t),
      };
      return { embedder: borrowed, ...(m.warning ? { warning: m.warning } : {}) };
    },
    close: async () => {
      const m = await made?.catch(() => undefined);
      await m?.embedder.close?.();
    },
  };
}
