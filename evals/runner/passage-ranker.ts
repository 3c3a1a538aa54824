import type { RetrievedChunk } from "../../src/retrieval/retrieval-mode.js";
import type { GraphStore } from "../../src/store/graph-store.js";

/**
 * Turns ranked chunks into ranked passage ids: each chunk's Section anchor (the corpus record id),
 * first occurrence kept. Sections are loaded in bulk and remembered for the whole run.
 */
export function createPassageRanker(
  store: GraphStore,
): (chunks: readonly RetrievedChunk[]) => Promise<string[]> {
  const anchors = new Map<string, string | null>();
  return async (chunks) => {
    const missing = [...new Set(chunks.map((c) => c.section_id))].filter((id) => !anchors.has(id));
    if (missing.length > 0) {
      for (const id of missing) anchors.set(id, null);
      for (const node of await store.getNodes(missing))
        if (node.label === "Section") anchors.set(node.id, node.anchor ?? null);
    }
    const ranking: string[] = [];
    const seen = new Set<string>();
    for (const c of chunks) {
      const anchor = anchors.get(c.section_id);
      if (anchor && !seen.has(anchor)) {
        seen.add(anchor);
        ranking.push(anchor);
      }
    }
    return ranking;
  };
}
